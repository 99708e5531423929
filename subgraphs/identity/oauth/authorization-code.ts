/**
 * Issuing authorization codes, for the consent step of `/oauth/authorize`: 256 random bits, stored as
 * SHA-256, single use, 60 s, bound to client, redirect_uri, scopes, subject, business account and
 * the PKCE S256 challenge.
 */
import { isUserScope, scopeAudience } from '../../kernel/auth/scopes.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid, uuidv7 } from '../../kernel/db/uuid.js';
import { isRegisteredRedirectUri } from '../oauth-client/client-credentials.js';
import { UserScopeStatus, type OAuthClient } from '../oauth-client/oauth-client.entity.js';
import { invalidRequest, OAuthError, OAuthErrorCode } from './oauth-error.js';
import { newOpaqueToken, tokenDigest } from './opaque-token.js';

/** Authorization code lifetime. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** What the consent step decided. */
export interface AuthorizationCodeRequest {
  readonly client: OAuthClient;
  /** The signed-in user who consented. */
  readonly userId: string;
  /** For business scopes: the business account (org_id) the user owns and consented for. */
  readonly businessAccountId?: string | null;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  readonly codeChallenge?: string | null;
  readonly codeChallengeMethod?: string | null;
}

function checkScopes(request: AuthorizationCodeRequest): void {
  const { client, scopes } = request;
  if (scopes.length === 0) throw new OAuthError(OAuthErrorCode.InvalidScope, 'At least one scope is required.');
  const unknown = scopes.filter((s) => !client.scopes.includes(s));
  if (unknown.length > 0)
    throw new OAuthError(OAuthErrorCode.InvalidScope, `The app may not request: ${unknown.join(' ')}.`);
  const audience = scopeAudience(scopes);
  if (audience === 'mixed')
    throw new OAuthError(OAuthErrorCode.InvalidScope, 'Store and user scopes cannot be combined.');
  const org = request.businessAccountId ?? null;
  if (audience === 'business' && (org === null || !isUuid(org)))
    throw invalidRequest('Business scopes need the business account (org_id).');
  if (audience === 'user' && org !== null) throw invalidRequest('User scopes take no business account.');
  if (scopes.some(isUserScope) && !client.firstParty && client.userScopeStatus !== UserScopeStatus.APPROVED)
    throw new OAuthError(OAuthErrorCode.InvalidScope, 'app_not_approved: the app is not approved for user scopes.');
}

function checkPkce(request: AuthorizationCodeRequest): string | null {
  const challenge = request.codeChallenge ?? null;
  const method = request.codeChallengeMethod ?? null;
  if (challenge === null) {
    if (method !== null) throw invalidRequest('code_challenge_method without code_challenge.');
    return null;
  }
  if (method !== 'S256') throw invalidRequest('PKCE code_challenge_method must be S256 (plain is not supported).');
  if (!S256_CHALLENGE.test(challenge)) throw invalidRequest('code_challenge must be 43 base64url characters.');
  return challenge;
}

/**
 * Issues a code for a consent the caller (the authorize pages) already obtained and checked:
 * signed-in user, ownership of the business account. Validates what the code binds.
 *
 * @throws OAuthError invalid_request (redirect_uri, PKCE, org_id) or invalid_scope.
 */
export async function issueAuthorizationCode(
  em: EntityManager,
  request: AuthorizationCodeRequest,
  now: Date = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  if (!isRegisteredRedirectUri(request.client, request.redirectUri))
    throw invalidRequest('redirect_uri is not registered for this app.');
  if (!isUuid(request.userId)) throw invalidRequest('userId must be a UUID.');
  checkScopes(request);
  const challenge = checkPkce(request);
  const code = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS);
  await em.fork().execute(
    `insert into "oauth_authorization_code" ("id", "created_at", "updated_at", "code_hash", "oauth_client_id",
       "redirect_uri", "scopes", "user_id", "business_account_id", "code_challenge", "expires_at")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      uuidv7(now.getTime()),
      now,
      now,
      tokenDigest(code),
      request.client.id,
      request.redirectUri,
      JSON.stringify([...new Set(request.scopes)]),
      request.userId,
      request.businessAccountId ?? null,
      challenge,
      expiresAt,
    ],
  );
  return { code, expiresAt };
}
