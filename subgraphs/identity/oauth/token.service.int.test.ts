/**
 * OAuthTokenService against the real database, without HTTP, on a clock the test sets: code
 * exchange and its bindings (client, redirect URI, PKCE, expiry, single use), refresh-token rotation,
 * scope narrowing, expiry and reuse detection.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { findClient } from '../oauth-client/client-credentials.js';
import { OAuthClientService } from '../oauth-client/oauth-client.service.js';
import { UserService } from '../user/user.service.js';
import { AUTHORIZATION_CODE_TTL_MS, issueAuthorizationCode } from './authorization-code.js';
import { REFRESH_TOKEN_TTL_MS } from './grant-store.js';
import { s256 } from './opaque-token.js';
import type { TokenRequestInput, TokenSet } from './oauth.types.js';
import { OAuthTokenService } from './token.service.js';

const REDIRECT_URI = 'https://app.example.test/callback';
const SCOPES = ['user.profile.read', 'user.receipts.read'];
const VERIFIER = randomBytes(32).toString('base64url');

let db: ServiceDatabase;
let userId: string;
let now: Date;
interface App {
  readonly clientId: string;
  readonly clientSecret: string;
}
let app: App;
let otherApp: App;

const tokens = () => new OAuthTokenService(db.context(), () => now);
const later = (ms: number) => (now = new Date(now.getTime() + ms));

async function registerApp(): Promise<App> {
  const { app: client, clientSecret } = await new OAuthClientService(db.context(OPERATOR)).register({
    name: 'Token test app',
    redirectUris: [REDIRECT_URI],
    scopes: SCOPES,
    firstParty: true,
  });
  return { clientId: client.clientId, clientSecret };
}

/** A code as the consent step issues it, at the test's clock. */
async function code(options: { client?: App; challenge?: string } = {}): Promise<string> {
  const em = db.context().em;
  const client = await findClient(em, (options.client ?? app).clientId);
  const issued = await issueAuthorizationCode(
    em,
    {
      client: client!,
      userId,
      businessAccountId: null,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      codeChallenge: options.challenge ?? null,
      codeChallengeMethod: options.challenge ? 'S256' : null,
    },
    now,
  );
  return issued.code;
}

const exchange = (codeValue: string, change: Partial<TokenRequestInput> = {}): Promise<TokenSet> =>
  tokens().requestToken({
    grantType: 'authorization_code',
    ...app,
    code: codeValue,
    redirectUri: REDIRECT_URI,
    ...change,
  });

const refresh = (refreshToken: string, change: Partial<TokenRequestInput> = {}): Promise<TokenSet> =>
  tokens().requestToken({ grantType: 'refresh_token', ...app, refreshToken, ...change });

async function refused(call: Promise<unknown>): Promise<{ error: string; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e as { error: string; message: string },
  );
  expect(error, 'the request was refused').toBeDefined();
  return { error: error!.error, message: error!.message };
}

beforeAll(async () => {
  db = await openServiceDatabase();
  now = new Date();
  app = await registerApp();
  otherApp = await registerApp();
  const user = await new UserService(db.context(OPERATOR)).create({
    email: 'token-service@example.test',
    password: 'correct horse battery staple 42',
  });
  userId = user.id;
});
afterAll(() => db?.close());

describe('authorization_code', () => {
  it('issues a Bearer pair with the scopes of the code, once; a second use revokes what the first issued', async () => {
    const value = await code();
    const issued = await exchange(value);
    expect(issued).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, scope: SCOPES.join(' ') });
    expect(await refused(exchange(value))).toEqual({
      error: 'invalid_grant',
      message: 'The authorization code was already used; the tokens it issued are revoked.',
    });
    expect((await refused(refresh(issued.refreshToken))).error).toBe('invalid_grant');
  });

  it('redeems a code until its lifetime ends, not after', async () => {
    const lastMoment = await code();
    later(AUTHORIZATION_CODE_TTL_MS - 1);
    await expect(exchange(lastMoment)).resolves.toMatchObject({ tokenType: 'Bearer' });
    const expired = await code();
    later(AUTHORIZATION_CODE_TTL_MS);
    expect(await refused(exchange(expired))).toEqual({
      error: 'invalid_grant',
      message: 'The authorization code has expired.',
    });
  });

  it.each<[string, () => Promise<Partial<TokenRequestInput>>, string]>([
    ['an unknown code', async () => ({ code: 'not-a-code' }), 'The authorization code is invalid.'],
    ['another client', async () => otherApp, 'The authorization code was issued to another client.'],
    [
      'another redirect URI',
      async () => ({ redirectUri: 'https://app.example.test/other' }),
      'redirect_uri differs from the one of the authorization request.',
    ],
    [
      'a verifier for a code without a challenge',
      async () => ({ codeVerifier: VERIFIER }),
      'code_verifier sent, but no code_challenge was.',
    ],
  ])('refuses %s as invalid_grant', async (_what, change, message) => {
    expect(await refused(exchange(await code(), await change()))).toEqual({ error: 'invalid_grant', message });
  });

  it('binds a PKCE code to its verifier: none, a wrong one, a malformed one refused; the right one redeems', async () => {
    const value = await code({ challenge: s256(VERIFIER) });
    expect(await refused(exchange(value))).toEqual({
      error: 'invalid_grant',
      message: 'code_verifier is required (PKCE).',
    });
    const wrong = randomBytes(32).toString('base64url');
    expect(await refused(exchange(value, { codeVerifier: wrong }))).toEqual({
      error: 'invalid_grant',
      message: 'PKCE verification failed.',
    });
    expect((await refused(exchange(value, { codeVerifier: 'short' }))).error).toBe('invalid_request');
    await expect(exchange(value, { codeVerifier: VERIFIER })).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('refuses a wrong client secret as invalid_client', async () => {
    expect((await refused(exchange(await code(), { clientSecret: `${app.clientSecret}x` }))).error).toBe(
      'invalid_client',
    );
  });
});

describe('refresh_token', () => {
  it('rotates: the new token works, the old one is refused and revokes the grant', async () => {
    const first = await exchange(await code());
    const second = await refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await refused(refresh(first.refreshToken))).toEqual({
      error: 'invalid_grant',
      message: 'The refresh token was already used; its grant is revoked.',
    });
    expect(await refused(refresh(second.refreshToken))).toEqual({
      error: 'invalid_grant',
      message: 'The grant was revoked.',
    });
  });

  it('narrows the scope on request and refuses a scope beyond the grant', async () => {
    const pair = await exchange(await code());
    expect(await refused(refresh(pair.refreshToken, { scope: 'user.profile.read user.wallet.read' }))).toEqual({
      error: 'invalid_scope',
      message: 'The scope exceeds what the grant holds.',
    });
    await expect(refresh(pair.refreshToken, { scope: 'user.profile.read' })).resolves.toMatchObject({
      scope: 'user.profile.read',
    });
  });

  it('refuses a refresh token after its lifetime, and one presented by another client', async () => {
    const pair = await exchange(await code());
    expect(await refused(refresh(pair.refreshToken, otherApp))).toEqual({
      error: 'invalid_grant',
      message: 'The refresh token was issued to another client.',
    });
    later(REFRESH_TOKEN_TTL_MS);
    expect(await refused(refresh(pair.refreshToken))).toEqual({
      error: 'invalid_grant',
      message: 'The refresh token has expired.',
    });
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await refused(tokens().requestToken({ grantType: 'refresh_token', ...app }))).error).toBe(
      'invalid_request',
    );
    expect(await refused(refresh('not-a-token'))).toEqual({
      error: 'invalid_grant',
      message: 'The refresh token is invalid.',
    });
  });
});
