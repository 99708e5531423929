/**
 * The token endpoint (RFC 6749 §4.1.3, §6) as a pipeline of named steps, after node-oidc-provider:
 * check the grant type, authenticate the client, validate and consume the grant atomically, issue.
 * Both grant types are race-safe in the database (see grant-store.ts).
 */
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { parseScopeString } from '../../kernel/auth/scopes.js';
import { authenticateClientThrottled } from '../oauth-client/client-auth-throttle.js';
import type { OAuthClient } from '../oauth-client/oauth-client.entity.js';
import { isRefusedDemoClientSecret } from '../published-demo-credentials.js';
import { signAccessToken, type AccessTokenSubject } from './access-token.js';
import * as store from './grant-store.js';
import { invalidClient, invalidGrant, invalidRequest, OAuthError, OAuthErrorCode } from './oauth-error.js';
import { PKCE_VERIFIER, s256, tokenDigest } from './opaque-token.js';
import { signingKeysFor } from './signing-keys.js';
import type { TokenRequestInput, TokenSet } from './oauth.types.js';

const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** Issues, refreshes and rotates tokens. Anyone may call it: the client authenticates in the request. */
export class OAuthTokenService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** POST /token: dispatches on grant_type after authenticating the client. */
  async requestToken(input: TokenRequestInput): Promise<TokenSet> {
    const grantType = input.grantType ?? '';
    if (grantType === '') throw invalidRequest('grant_type is required.');
    if (!(GRANT_TYPES as readonly string[]).includes(grantType))
      throw new OAuthError(OAuthErrorCode.UnsupportedGrantType, `grant_type ${grantType} is not supported.`);
    const client = await this.authenticate(input);
    return grantType === 'authorization_code' ? this.exchangeCode(client, input) : this.refresh(client, input);
  }

  private async authenticate(input: TokenRequestInput): Promise<OAuthClient> {
    if (!input.clientId || !input.clientSecret) throw invalidClient();
    if (isRefusedDemoClientSecret(this.ctx.env, input.clientSecret)) throw invalidClient();
    const client = await authenticateClientThrottled(this.ctx.em, input.clientId, input.clientSecret, this.now);
    if (!client) throw invalidClient();
    return client;
  }

  private async exchangeCode(client: OAuthClient, input: TokenRequestInput): Promise<TokenSet> {
    if (!input.code) throw invalidRequest('code is required.');
    if (!input.redirectUri) throw invalidRequest('redirect_uri is required.');
    const verifier = input.codeVerifier ?? null;
    if (verifier !== null && !PKCE_VERIFIER.test(verifier))
      throw invalidRequest('code_verifier must be 43 to 128 unreserved characters.');
    const now = this.now();
    const bindings = {
      codeHash: tokenDigest(input.code),
      oauthClientId: client.id,
      redirectUri: input.redirectUri,
      challenge: verifier === null ? null : s256(verifier),
    };
    const key = await signingKeysFor(this.ctx.env).signingKey(this.ctx.em);
    const issued = await this.ctx.em.fork().transactional(async (tx) => {
      const code = await store.consumeCode(tx, bindings, now);
      if (!code) return undefined;
      const facts = {
        oauthClientId: client.id,
        userId: code.user_id,
        businessAccountId: code.business_account_id,
        scopes: code.scopes,
      };
      const grantId = await store.insertGrant(tx, facts, now);
      await store.recordCodeGrant(tx, code.id, grantId);
      const refreshToken = await store.insertRefreshToken(tx, grantId, 1, now);
      return { refreshToken, subject: { ...facts, grantId, generation: 1, clientId: client.clientId } };
    });
    if (!issued) throw await this.codeFailure(bindings, now);
    return this.tokenSet(issued.subject, issued.refreshToken, key, now);
  }

  /** Why a code did not redeem; a code used before also revokes what its first use issued. */
  private async codeFailure(bindings: Parameters<typeof store.consumeCode>[1], now: Date): Promise<OAuthError> {
    const em = this.ctx.em.fork();
    const code = await store.findCode(em, bindings.codeHash);
    if (!code) return invalidGrant('The authorization code is invalid.');
    if (code.consumed_at !== null) {
      if (code.grant_id !== null) await store.revokeGrant(em, code.grant_id, 'code_reuse', now);
      return invalidGrant('The authorization code was already used; the tokens it issued are revoked.');
    }
    if (new Date(code.expires_at) <= now) return invalidGrant('The authorization code has expired.');
    if (code.oauth_client_id !== bindings.oauthClientId)
      return invalidGrant('The authorization code was issued to another client.');
    if (code.redirect_uri !== bindings.redirectUri)
      return invalidGrant('redirect_uri differs from the one of the authorization request.');
    if (code.code_challenge !== null && bindings.challenge === null)
      return invalidGrant('code_verifier is required (PKCE).');
    if (code.code_challenge === null) return invalidGrant('code_verifier sent, but no code_challenge was.');
    return invalidGrant('PKCE verification failed.');
  }

  private async refresh(client: OAuthClient, input: TokenRequestInput): Promise<TokenSet> {
    if (!input.refreshToken) throw invalidRequest('refresh_token is required.');
    const requested = input.scope ? parseScopeString(input.scope) : undefined;
    const tokenHash = tokenDigest(input.refreshToken);
    const now = this.now();
    const key = await signingKeysFor(this.ctx.env).signingKey(this.ctx.em);
    const issued = await this.ctx.em.fork().transactional(async (tx) => {
      const row = await store.useRefreshToken(tx, tokenHash, client.id, now);
      if (!row) return undefined;
      if (requested?.some((s) => !row.scopes.includes(s)))
        throw new OAuthError(OAuthErrorCode.InvalidScope, 'The scope exceeds what the grant holds.');
      const generation = await store.advanceGrant(tx, row.grant_id, Number(row.generation), now);
      if (generation === undefined) throw invalidGrant('The grant was revoked.');
      const refreshToken = await store.insertRefreshToken(tx, row.grant_id, generation, now);
      const subject: AccessTokenSubject = {
        grantId: row.grant_id,
        generation,
        userId: row.user_id,
        clientId: client.clientId,
        businessAccountId: row.business_account_id,
        scopes: requested ?? row.scopes,
      };
      return { refreshToken, subject };
    });
    if (!issued) throw await this.refreshFailure(tokenHash, client, now);
    return this.tokenSet(issued.subject, issued.refreshToken, key, now);
  }

  /** Why a refresh token did not rotate; one used before revokes its grant (RFC 9700 §4.14.2). */
  private async refreshFailure(tokenHash: string, client: OAuthClient, now: Date): Promise<OAuthError> {
    const em: EntityManager = this.ctx.em.fork();
    const row = await store.findRefreshToken(em, tokenHash);
    if (!row) return invalidGrant('The refresh token is invalid.');
    if (row.used_at !== null) {
      await store.revokeGrant(em, row.grant_id, 'refresh_token_reuse', now);
      return invalidGrant('The refresh token was already used; its grant is revoked.');
    }
    if (row.revoked_at !== null) return invalidGrant('The grant was revoked.');
    if (new Date(row.expires_at) <= now) return invalidGrant('The refresh token has expired.');
    if (row.oauth_client_id !== client.id) return invalidGrant('The refresh token was issued to another client.');
    return invalidGrant('The refresh token is no longer valid.');
  }

  private async tokenSet(
    subject: AccessTokenSubject,
    refreshToken: string,
    key: Awaited<ReturnType<ReturnType<typeof signingKeysFor>['signingKey']>>,
    now: Date,
  ): Promise<TokenSet> {
    const { accessToken, expiresIn } = await signAccessToken(subject, key, this.ctx.env, now);
    return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn, scope: subject.scopes.join(' ') };
  }
}
