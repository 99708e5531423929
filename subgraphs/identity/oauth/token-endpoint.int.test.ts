/**
 * The token endpoint against PostgreSQL, without HTTP: client authentication, the authorization code
 * exchange with every binding (client, redirect_uri, PKCE, expiry, single use), and refresh-token
 * rotation with reuse detection (RFC 9700 §4.14.2) and scope narrowing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { SqlAccessTokenVerifier } from '../../kernel/auth/access-token-verifier.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.js';
import { AUTHORIZATION_CODE_TTL_MS } from './authorization-code.js';
import { REFRESH_TOKEN_TTL_MS } from './grant-store.js';
import { issueCode, PKCE, refusal, storeApp, TokenEndpoint, type TestApp } from './oauth-int.fixtures.js';

let db: MigratedDatabase;
let app: TestApp;
let other: TestApp;
let endpoint: TokenEndpoint;
const principal = (accessToken: string) => new SqlAccessTokenVerifier(db.em(), db.env).verify(accessToken);
const invalidGrant = (message: string) => ({ reason: 'invalid_grant', code: 'BAD_USER_INPUT', message });

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await storeApp(db);
  other = await storeApp(db);
  endpoint = new TokenEndpoint(db);
});
afterAll(() => db?.close());

describe('requestToken', () => {
  it('issues a Bearer access token of one hour, a rotating refresh token and the granted scopes', async () => {
    const { userId, tokens } = await endpoint.tokensFor(app);
    expect(tokens).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      scope: 'user.profile.read user.receipts.read',
    });
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(3600);
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await principal(tokens.accessToken)).toMatchObject({
      kind: 'user',
      userId,
      clientId: app.clientId,
      scopes: new Set(['user.profile.read', 'user.receipts.read']),
    });
  });

  it.each([
    [{}, 'invalid_request', 'grant_type is required.'],
    [{ grantType: '' }, 'invalid_request', 'grant_type is required.'],
    [{ grantType: 'password' }, 'unsupported_grant_type', 'grant_type password is not supported.'],
    [{ grantType: 'client_credentials' }, 'unsupported_grant_type', 'grant_type client_credentials is not supported.'],
  ])('refuses %j before authenticating the client', async (input, reason, message) => {
    expect(await refusal(endpoint.request(input))).toMatchObject({ reason, message });
  });

  it.each([
    ['no client_id', { clientId: null }],
    ['no client_secret', { clientSecret: null }],
    ['a wrong secret', { clientSecret: 'rmps_wrong' }],
    ['an unknown client', { clientId: 'rmp_unknown' }],
  ])('answers %s with invalid_client', async (_what, extra) => {
    const { code } = await issueCode(db, app);
    expect(await refusal(endpoint.exchange(app, code, extra))).toEqual({
      reason: 'invalid_client',
      code: 'UNAUTHENTICATED',
      message: 'Client authentication failed.',
    });
  });

  it('refuses a published demo client secret in production only', async () => {
    const demo = await storeApp(db, { clientSecret: 'rmps_demo_consumer_app_secret_for_demos_only' });
    const { code } = await issueCode(db, demo);
    const input = {
      grantType: 'authorization_code',
      clientId: demo.clientId,
      clientSecret: demo.clientSecret,
      code,
      redirectUri: 'https://app.example.test/callback',
    };
    const production = { ...db.env, nodeEnv: 'production' as const };
    expect(await refusal(endpoint.request(input, production))).toMatchObject({ reason: 'invalid_client' });
    expect(await refusal(endpoint.request(input))).toBe('accepted');
  });
});

describe('the authorization code exchange', () => {
  it.each([
    [{ code: null }, 'code is required.'],
    [{ redirectUri: null }, 'redirect_uri is required.'],
    [{ codeVerifier: 'short' }, 'code_verifier must be 43 to 128 unreserved characters.'],
  ])('refuses a request with %j as invalid_request', async (extra, message) => {
    const { code } = await issueCode(db, app);
    expect(await refusal(endpoint.exchange(app, code, extra))).toMatchObject({ reason: 'invalid_request', message });
  });

  it('refuses an unknown code', async () => {
    expect(await refusal(endpoint.exchange(app, 'not-a-code'))).toEqual(
      invalidGrant('The authorization code is invalid.'),
    );
  });

  it('redeems a code once; a second use revokes what the first issued', async () => {
    const { code } = await issueCode(db, app);
    const first = await endpoint.exchange(app, code);
    expect(await principal(first.accessToken)).not.toBeNull();
    expect(await refusal(endpoint.exchange(app, code))).toEqual(
      invalidGrant('The authorization code was already used; the tokens it issued are revoked.'),
    );
    expect(await principal(first.accessToken)).toBeNull();
    expect(await refusal(endpoint.refresh(app, first.refreshToken))).toEqual(invalidGrant('The grant was revoked.'));
  });

  it('redeems a code until the last millisecond of its 60 seconds, and not at its expiry', async () => {
    expect(AUTHORIZATION_CODE_TTL_MS).toBe(60_000);
    const issuedAt = new Date('2030-03-01T00:00:00Z');
    const late = await issueCode(db, app, {}, issuedAt);
    const expired = await issueCode(db, app, {}, issuedAt);
    endpoint.now = new Date(issuedAt.getTime() + 60_000 - 1);
    expect(await refusal(endpoint.exchange(app, late.code))).toBe('accepted');
    endpoint.now = new Date(issuedAt.getTime() + 60_000);
    expect(await refusal(endpoint.exchange(app, expired.code))).toEqual(
      invalidGrant('The authorization code has expired.'),
    );
    endpoint.now = new Date();
  });

  it('refuses a code to another client and to another redirect_uri, and leaves it usable', async () => {
    const { code } = await issueCode(db, app);
    expect(await refusal(endpoint.exchange(other, code))).toEqual(
      invalidGrant('The authorization code was issued to another client.'),
    );
    expect(await refusal(endpoint.exchange(app, code, { redirectUri: 'https://app.example.test/other' }))).toEqual(
      invalidGrant('redirect_uri differs from the one of the authorization request.'),
    );
    expect(await refusal(endpoint.exchange(app, code))).toBe('accepted');
  });

  it('binds the PKCE challenge: the verifier is required, must match, and is refused without a challenge', async () => {
    const withPkce = { codeChallenge: PKCE.challenge, codeChallengeMethod: 'S256' };
    const a = await issueCode(db, app, withPkce);
    expect(await refusal(endpoint.exchange(app, a.code))).toEqual(invalidGrant('code_verifier is required (PKCE).'));
    expect(await refusal(endpoint.exchange(app, a.code, { codeVerifier: 'x'.repeat(43) }))).toEqual(
      invalidGrant('PKCE verification failed.'),
    );
    expect(await refusal(endpoint.exchange(app, a.code, { codeVerifier: PKCE.verifier }))).toBe('accepted');
    const b = await issueCode(db, app);
    expect(await refusal(endpoint.exchange(app, b.code, { codeVerifier: PKCE.verifier }))).toEqual(
      invalidGrant('code_verifier sent, but no code_challenge was.'),
    );
  });
});

describe('refresh', () => {
  it('rotates: a new refresh token and access token of the next generation; the old access token dies', async () => {
    const { userId, tokens } = await endpoint.tokensFor(app);
    const next = await endpoint.refresh(app, tokens.refreshToken);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(next.scope).toBe('user.profile.read user.receipts.read');
    expect(await principal(next.accessToken)).toMatchObject({ userId, clientId: app.clientId });
    expect(await principal(tokens.accessToken)).toBeNull();
    expect(await refusal(endpoint.refresh(app, next.refreshToken))).toBe('accepted');
  });

  it('revokes the grant when a used refresh token comes back', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    const next = await endpoint.refresh(app, tokens.refreshToken);
    expect(await refusal(endpoint.refresh(app, tokens.refreshToken))).toEqual(
      invalidGrant('The refresh token was already used; its grant is revoked.'),
    );
    expect(await principal(next.accessToken)).toBeNull();
    expect(await refusal(endpoint.refresh(app, next.refreshToken))).toEqual(invalidGrant('The grant was revoked.'));
  });

  it('narrows the scope on request, and refuses a scope the grant does not hold', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    const narrowed = await endpoint.refresh(app, tokens.refreshToken, { scope: 'user.profile.read' });
    expect(narrowed.scope).toBe('user.profile.read');
    expect((await principal(narrowed.accessToken))?.scopes).toEqual(new Set(['user.profile.read']));
    expect(
      await refusal(endpoint.refresh(app, narrowed.refreshToken, { scope: 'user.profile.read user.coupons.read' })),
    ).toEqual({
      reason: 'invalid_scope',
      code: 'BAD_USER_INPUT',
      message: 'The scope exceeds what the grant holds.',
    });
    expect((await endpoint.refresh(app, narrowed.refreshToken, { scope: '' })).scope).toBe(
      'user.profile.read user.receipts.read',
    );
  });

  it('refuses a missing, unknown or another client’s refresh token', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    expect(await refusal(endpoint.refresh(app, ''))).toMatchObject({
      reason: 'invalid_request',
      message: 'refresh_token is required.',
    });
    expect(await refusal(endpoint.refresh(app, 'unknown'))).toEqual(invalidGrant('The refresh token is invalid.'));
    expect(await refusal(endpoint.refresh(other, tokens.refreshToken))).toEqual(
      invalidGrant('The refresh token was issued to another client.'),
    );
    expect(await refusal(endpoint.refresh(app, tokens.refreshToken))).toBe('accepted');
  });

  it('accepts a refresh token until the last millisecond of its 30 days, and not at its expiry', async () => {
    expect(REFRESH_TOKEN_TTL_MS).toBe(30 * 24 * 3600 * 1000);
    const start = new Date('2030-04-01T00:00:00Z');
    endpoint.now = start;
    const a = await endpoint.tokensFor(app);
    const b = await endpoint.tokensFor(app);
    endpoint.now = new Date(start.getTime() + REFRESH_TOKEN_TTL_MS - 1);
    expect(await refusal(endpoint.refresh(app, a.tokens.refreshToken))).toBe('accepted');
    endpoint.now = new Date(start.getTime() + REFRESH_TOKEN_TTL_MS);
    expect(await refusal(endpoint.refresh(app, b.tokens.refreshToken))).toEqual(
      invalidGrant('The refresh token has expired.'),
    );
    endpoint.now = new Date();
  });
});
