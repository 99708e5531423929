/**
 * The authorization request a sign-up continues after its email is verified, as a query string.
 * It travels through a public operation into mail bodies and links, so only the parameters of
 * `/oauth/authorize` survive, re-encoded (no free text can be injected into a mail).
 */

const AUTHORIZATION_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'org_id',
] as const;

/** Longest query string kept; a longer one is dropped (the user signs in without it). */
export const MAX_RETURN_QUERY = 4096;

/** The authorization parameters of `raw` (first value of each), re-encoded; '' when none or too long. */
export function authorizationReturnQuery(raw: string | null | undefined): string {
  const given = new URLSearchParams(raw ?? '');
  const kept = new URLSearchParams();
  for (const name of AUTHORIZATION_PARAMETERS) {
    const value = given.get(name);
    if (value !== null) kept.append(name, value);
  }
  const query = kept.toString();
  return query.length <= MAX_RETURN_QUERY ? query : '';
}
