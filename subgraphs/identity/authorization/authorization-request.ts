/**
 * Validating an authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 9700): a short pipeline of
 * named steps, client first and redirect_uri second, so that nothing is ever redirected to an
 * address that is not the client's.
 */
import { isScope, isUserScope, parseScopeString, scopeAudience } from '../../kernel/auth/scopes.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { findClient, isRegisteredRedirectUri } from '../oauth-client/client-credentials.js';
import { UserScopeStatus, type OAuthClient } from '../oauth-client/oauth-client.entity.js';
import { AuthorizationErrorCode as Code, AuthorizationRequestError as Failure } from './authorization-error.js';

/** The query parameters of `/oauth/authorize`, as received (any may be missing). */
export interface AuthorizationParameters {
  readonly clientId?: string | null;
  readonly redirectUri?: string | null;
  readonly responseType?: string | null;
  readonly scope?: string | null;
  readonly state?: string | null;
  readonly codeChallenge?: string | null;
  readonly codeChallengeMethod?: string | null;
  readonly orgId?: string | null;
}

/** A request that passed every step. */
export interface ValidAuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly scopes: string[];
  readonly audience: 'business' | 'user';
  readonly state: string | null;
  readonly codeChallenge: string | null;
  readonly orgId: string | null;
}

const MAX_STATE = 1024;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

async function validateClient(em: EntityManager, p: AuthorizationParameters): Promise<OAuthClient> {
  const client = p.clientId ? await findClient(em, p.clientId) : null;
  if (!client) throw new Failure(Code.InvalidClient, 'The client_id is missing or unknown.');
  return client;
}

function validateRedirectUri(client: OAuthClient, p: AuthorizationParameters): string {
  if (!p.redirectUri || !isRegisteredRedirectUri(client, p.redirectUri))
    throw new Failure(Code.InvalidRedirectUri, 'The redirect_uri is missing or not registered for this app.');
  return p.redirectUri;
}

function validateResponseType(p: AuthorizationParameters): void {
  if (!p.responseType) throw new Failure(Code.InvalidRequest, 'response_type is required.');
  if (p.responseType !== 'code')
    throw new Failure(Code.UnsupportedResponseType, 'Only response_type=code is supported.');
}

function validateScopes(
  client: OAuthClient,
  p: AuthorizationParameters,
): Pick<ValidAuthorizationRequest, 'scopes' | 'audience'> {
  const scopes = parseScopeString(p.scope ?? '');
  if (scopes.length === 0) throw new Failure(Code.InvalidScope, 'scope is required (space-separated).');
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new Failure(Code.InvalidScope, `Unknown scope: ${unknown.join(' ')}.`);
  // The combination rule first (interface, Authentication 7), so a mixed request is told why.
  const audience = scopeAudience(scopes);
  if (audience === 'mixed' || audience === 'none')
    throw new Failure(Code.InvalidScope, 'Store and user scopes cannot be combined in one request.');
  const unregistered = scopes.filter((s) => !client.scopes.includes(s));
  if (unregistered.length > 0)
    throw new Failure(Code.InvalidScope, `The app is not registered for: ${unregistered.join(' ')}.`);
  if (scopes.some(isUserScope) && !client.firstParty && client.userScopeStatus !== UserScopeStatus.APPROVED)
    throw new Failure(Code.AppNotApproved, 'The app is not approved for user scopes yet.');
  return { scopes, audience };
}

function validatePkce(p: AuthorizationParameters): string | null {
  const challenge = p.codeChallenge || null;
  const method = p.codeChallengeMethod || null;
  if (challenge === null) {
    if (method !== null)
      throw new Failure(Code.InvalidRequest, 'code_challenge_method was sent without code_challenge.');
    return null;
  }
  // RFC 7636 defaults a missing method to plain, which this server refuses like an explicit one.
  if (method !== 'S256')
    throw new Failure(Code.InvalidRequest, 'code_challenge_method must be S256 (plain is not supported).');
  if (!S256_CHALLENGE.test(challenge))
    throw new Failure(Code.InvalidRequest, 'code_challenge must be 43 base64url characters (S256).');
  return challenge;
}

function validateExtras(
  p: AuthorizationParameters,
  audience: 'business' | 'user',
): Pick<ValidAuthorizationRequest, 'state' | 'orgId'> {
  const state = p.state ?? null;
  if (state !== null && state.length > MAX_STATE)
    throw new Failure(Code.InvalidRequest, `state must be at most ${MAX_STATE} characters.`);
  const orgId = p.orgId || null;
  if (orgId !== null && audience !== 'business')
    throw new Failure(Code.InvalidRequest, 'org_id is only for business scopes.');
  if (orgId !== null && !isUuid(orgId)) throw new Failure(Code.InvalidRequest, 'org_id must be a business account id.');
  return { state, orgId };
}

/**
 * Runs every step: client, redirect_uri, response_type, scope (catalogue, registration, audience,
 * app_not_approved), PKCE (S256 only), state and org_id.
 *
 * @throws AuthorizationRequestError naming the first failed step.
 */
export async function validateAuthorizationRequest(
  em: EntityManager,
  p: AuthorizationParameters,
): Promise<ValidAuthorizationRequest> {
  const client = await validateClient(em, p);
  const redirectUri = validateRedirectUri(client, p);
  validateResponseType(p);
  const { scopes, audience } = validateScopes(client, p);
  const codeChallenge = validatePkce(p);
  return { client, redirectUri, scopes, audience, codeChallenge, ...validateExtras(p, audience) };
}

/** The authorization response (RFC 6749 §4.1.2 / §4.1.2.1) with `iss` (RFC 9207). */
export function authorizationResponseUrl(
  redirectUri: string,
  issuer: string,
  state: string | null,
  result: { readonly code: string } | { readonly error: string },
): string {
  const url = new URL(redirectUri);
  if ('code' in result) url.searchParams.append('code', result.code);
  else url.searchParams.append('error', result.error);
  if (state !== null) url.searchParams.append('state', state);
  url.searchParams.append('iss', issuer);
  return url.toString();
}
