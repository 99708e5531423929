/**
 * Fixtures of the OAuth integration tests (`*.int.test.ts`, real database, no HTTP server): apps
 * stored directly, authorization codes issued as the consent step would, and a token endpoint whose
 * clock the test moves.
 */
import { randomBytes } from 'node:crypto';
import type { MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { newClientId, newClientSecret, secretDigest } from '../oauth-client/client-credentials.js';
import { OAuthClient, UserScopeStatus } from '../oauth-client/oauth-client.entity.js';
import { issueAuthorizationCode, type AuthorizationCodeRequest } from './authorization-code.js';
import { OAuthTokenService } from './token.service.js';
import type { TokenSet } from './oauth.types.js';

export const REDIRECT_URI = 'https://app.example.test/callback';
export const USER_SCOPES = ['user.profile.read', 'user.receipts.read'];
export const BUSINESS_SCOPES = ['store.products.read', 'store.orders.read'];

export interface TestApp {
  readonly client: OAuthClient;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Stores an app; first-party with user scopes unless told otherwise. */
export async function storeApp(
  db: MigratedDatabase,
  options: Partial<Pick<OAuthClient, 'scopes' | 'firstParty' | 'userScopeStatus' | 'redirectUris'>> & {
    clientSecret?: string;
  } = {},
): Promise<TestApp> {
  const em = db.em();
  const clientId = newClientId();
  const clientSecret = options.clientSecret ?? newClientSecret();
  const client = em.create(OAuthClient, {
    clientId,
    clientSecretHash: secretDigest(clientSecret),
    name: 'Test app',
    redirectUris: options.redirectUris ?? [REDIRECT_URI],
    scopes: options.scopes ?? USER_SCOPES,
    firstParty: options.firstParty ?? true,
    userScopeStatus: options.userScopeStatus ?? (options.firstParty === false ? UserScopeStatus.PENDING : null),
  });
  await em.flush();
  return { client, clientId, clientSecret };
}

/** A new user id (grants and codes name users by id only). */
export const newUserId = (): string => uuidv7();

/** Issues a code as the consent step would, for a new user unless `userId` is given. */
export async function issueCode(
  db: MigratedDatabase,
  app: TestApp,
  request: Partial<Omit<AuthorizationCodeRequest, 'client'>> = {},
  now?: Date,
): Promise<{ code: string; userId: string; expiresAt: Date }> {
  const userId = request.userId ?? newUserId();
  const issued = await issueAuthorizationCode(
    db.em(),
    {
      client: app.client,
      userId,
      redirectUri: REDIRECT_URI,
      scopes: USER_SCOPES,
      ...request,
    },
    now,
  );
  return { ...issued, userId };
}

/** A PKCE verifier of 43 characters and its S256 challenge (RFC 7636 appendix B). */
export const PKCE = {
  verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
};

/** The token endpoint at a movable time. */
export class TokenEndpoint {
  now = new Date();

  constructor(private readonly db: MigratedDatabase) {}

  request(input: Parameters<OAuthTokenService['requestToken']>[0], env = this.db.env): Promise<TokenSet> {
    const ctx = { ...this.db.context(), env };
    return new OAuthTokenService(ctx, () => this.now).requestToken(input);
  }

  /** Exchanges `code` for `app`, with `extra` fields overriding the defaults. */
  exchange(app: TestApp, code: string, extra: Record<string, string | null> = {}): Promise<TokenSet> {
    return this.request({
      grantType: 'authorization_code',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      code,
      redirectUri: REDIRECT_URI,
      ...extra,
    });
  }

  refresh(app: TestApp, refreshToken: string, extra: Record<string, string | null> = {}): Promise<TokenSet> {
    return this.request({
      grantType: 'refresh_token',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      refreshToken,
      ...extra,
    });
  }

  /** A fresh user's tokens from a new code. */
  async tokensFor(app: TestApp, request: Partial<Omit<AuthorizationCodeRequest, 'client'>> = {}) {
    const { code, userId } = await issueCode(this.db, app, request, this.now);
    return { userId, tokens: await this.exchange(app, code) };
  }
}

/** What a promise was refused with: OAuth error, code and message. */
export async function refusal(promise: Promise<unknown>): Promise<Record<string, unknown> | 'accepted'> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    const { message, extensions } = error as { message: string; extensions?: Record<string, unknown> };
    return { reason: extensions?.reason, code: extensions?.code, message };
  }
}

export const randomText = (bytes = 8): string => randomBytes(bytes).toString('hex');
