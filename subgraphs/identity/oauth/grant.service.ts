/**
 * Looking at and ending grants: introspection (RFC 7662), the interface's verify, revocation
 * (RFC 7009) and the caller's own view of its token.
 */
import { requireAuthenticated } from '../../kernel/auth/access.js';
import { SqlAccessTokenVerifier, type AccessTokenClaims } from '../../kernel/auth/access-token-verifier.js';
import type { BaseContext } from '../../kernel/context.js';
import { authenticateClientThrottled } from '../oauth-client/client-auth-throttle.js';
import type { OAuthClient } from '../oauth-client/oauth-client.entity.js';
import { isRefusedDemoClientSecret } from '../published-demo-credentials.js';
import * as store from './grant-store.js';
import { invalidClient, invalidRequest, OAuthError, OAuthErrorCode } from './oauth-error.js';
import { tokenDigest } from './opaque-token.js';
import type {
  TokenIntrospection,
  TokenIntrospectionInput,
  TokenRevocation,
  TokenRevocationInput,
  Viewer,
} from './oauth.types.js';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 4096;

function describe(claims: AccessTokenClaims): TokenIntrospection {
  return {
    active: true,
    scope: claims.scopes.join(' '),
    scopes: [...claims.scopes],
    clientId: claims.clientId,
    tokenType: 'Bearer',
    exp: claims.expiresAt,
    iat: claims.issuedAt,
    expiresAt: new Date(claims.expiresAt * 1000).toISOString(),
    sub: claims.sub,
    userId: claims.businessAccountId ? null : claims.sub,
    businessAccountId: claims.businessAccountId ?? null,
    iss: claims.iss,
    aud: claims.aud,
    jti: claims.jti,
  };
}

/** Introspection, verification and revocation of tokens; clients authenticate only when they choose to. */
export class OAuthGrantService {
  private readonly verifier: SqlAccessTokenVerifier;

  constructor(
    private readonly ctx: BaseContext,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.verifier = new SqlAccessTokenVerifier(ctx.em, ctx.env);
  }

  /**
   * RFC 7662: `{active: false}` for anything not live. A client that authenticates sees only its
   * own tokens as active; wrong credentials are invalid_client.
   */
  async introspect(input: TokenIntrospectionInput): Promise<TokenIntrospection> {
    const client = await this.optionalClient(input);
    const claims = await this.liveClaims(input.token);
    if (!claims || (client && claims.clientId !== client.clientId)) return { active: false };
    return describe(claims);
  }

  /** The interface's verify: the same facts, but anything not live is an invalid_token failure. */
  async verify(token: string | null | undefined): Promise<TokenIntrospection> {
    if (!token) throw new OAuthError(OAuthErrorCode.InvalidToken, 'No token was sent.');
    const claims = await this.liveClaims(token);
    if (!claims) throw new OAuthError(OAuthErrorCode.InvalidToken, 'The token is invalid, expired or revoked.');
    return describe(claims);
  }

  /**
   * RFC 7009: an access or refresh token ends its whole grant. An unknown token, or (for a client
   * that authenticates) another client's token, changes nothing and is still answered `revoked`.
   */
  async revoke(input: TokenRevocationInput): Promise<TokenRevocation> {
    if (!input.token) throw invalidRequest('token is required.');
    const client = await this.optionalClient(input);
    const grant = await this.grantOf(input.token);
    if (grant && (!client || grant.clientId === client.clientId))
      await store.revokeGrant(this.ctx.em.fork(), grant.grantId, 'revoked', this.now());
    return { revoked: true };
  }

  /** The caller as its credential says. */
  viewer(): Viewer {
    const principal = requireAuthenticated(this.ctx.principal);
    if (principal.kind === 'operator') return { kind: 'operator', scopes: [] };
    return {
      kind: principal.kind,
      userId: principal.userId,
      businessAccountId: principal.kind === 'business' ? principal.businessAccountId : null,
      clientId: principal.clientId,
      grantId: principal.grantId,
      scopes: [...principal.scopes],
    };
  }

  private async liveClaims(token: string | null | undefined): Promise<AccessTokenClaims | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) return null;
    const claims = await this.verifier.verifySignature(token);
    return claims && (await this.verifier.isLive(claims)) ? claims : null;
  }

  private async grantOf(token: string): Promise<{ grantId: string; clientId: string } | undefined> {
    if (token.length > MAX_TOKEN_LENGTH) return undefined;
    if (JWT_SHAPE.test(token)) {
      const claims = await this.verifier.verifySignature(token, true);
      return claims ? { grantId: claims.grantId, clientId: claims.clientId } : undefined;
    }
    const em = this.ctx.em.fork();
    const row = await store.findRefreshToken(em, tokenDigest(token));
    if (!row) return undefined;
    const clientId = await store.publicClientId(em, row.oauth_client_id);
    return clientId ? { grantId: row.grant_id, clientId } : undefined;
  }

  private async optionalClient(input: {
    clientId?: string | null;
    clientSecret?: string | null;
  }): Promise<OAuthClient | undefined> {
    if (!input.clientId && !input.clientSecret) return undefined;
    if (isRefusedDemoClientSecret(this.ctx.env, input.clientSecret)) throw invalidClient();
    const client = await authenticateClientThrottled(
      this.ctx.em,
      input.clientId ?? '',
      input.clientSecret ?? '',
      this.now,
    );
    if (!client) throw invalidClient();
    return client;
  }
}
