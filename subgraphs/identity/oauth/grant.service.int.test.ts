/**
 * Introspection (RFC 7662), the interface's verify, revocation (RFC 7009) and viewer against
 * PostgreSQL, without HTTP: what is active, what a client that authenticates may see and end, and the
 * facts an active token is described with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openMigratedDatabase,
  TEST_PUBLIC_URL,
  type MigratedDatabase,
} from '../../../test/fixtures/migrated-database.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { OAuthGrantService } from './grant.service.js';
import { tokenDigest } from './opaque-token.js';
import { BUSINESS_SCOPES, refusal, storeApp, TokenEndpoint, type TestApp } from './oauth-int.fixtures.js';

let db: MigratedDatabase;
let app: TestApp;
let other: TestApp;
let partner: TestApp;
let endpoint: TokenEndpoint;
const service = (principal?: Principal) => new OAuthGrantService(db.context(principal));
const invalidClient = { reason: 'invalid_client', code: 'UNAUTHENTICATED', message: 'Client authentication failed.' };

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await storeApp(db);
  other = await storeApp(db);
  partner = await storeApp(db, { scopes: BUSINESS_SCOPES, firstParty: false });
  endpoint = new TokenEndpoint(db);
});
afterAll(() => db?.close());

describe('introspect', () => {
  it('answers inactive when no token is sent', async () => {
    expect(await service().introspect({})).toEqual({ active: false });
    expect(await service().introspect({ token: null })).toEqual({ active: false });
  });

  it('describes a live user token with every fact', async () => {
    const { userId, tokens } = await endpoint.tokensFor(app);
    const described = await service().introspect({ token: tokens.accessToken });
    const iat = Math.floor(endpoint.now.getTime() / 1000);
    expect(described).toEqual({
      active: true,
      scope: 'user.profile.read user.receipts.read',
      scopes: ['user.profile.read', 'user.receipts.read'],
      clientId: app.clientId,
      tokenType: 'Bearer',
      exp: iat + 3600,
      iat,
      expiresAt: new Date((iat + 3600) * 1000).toISOString(),
      sub: userId,
      userId,
      businessAccountId: null,
      iss: TEST_PUBLIC_URL,
      aud: TEST_PUBLIC_URL,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('describes a business token by its business account, with no user id', async () => {
    const org = '01900000-0000-7000-8000-00000000abcd';
    const { userId, tokens } = await endpoint.tokensFor(partner, { scopes: BUSINESS_SCOPES, businessAccountId: org });
    expect(await service().introspect({ token: tokens.accessToken })).toMatchObject({
      active: true,
      sub: userId,
      userId: null,
      businessAccountId: org,
    });
  });

  it('answers inactive for anything not a live access token', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    for (const token of [null, '', 'garbage', tokens.refreshToken, `${tokens.accessToken}x`, 'a.b.c'.repeat(1000)]) {
      expect(await service().introspect({ token })).toEqual({ active: false });
    }
    await endpoint.refresh(app, tokens.refreshToken);
    expect(await service().introspect({ token: tokens.accessToken })).toEqual({ active: false });
  });

  it('shows a client that authenticates its own tokens only, and refuses wrong credentials', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    const token = tokens.accessToken;
    const as = (client: TestApp) => ({ token, clientId: client.clientId, clientSecret: client.clientSecret });
    expect(await service().introspect(as(app))).toMatchObject({ active: true });
    expect(await service().introspect(as(other))).toEqual({ active: false });
    expect(await refusal(service().introspect({ token, clientId: app.clientId, clientSecret: 'wrong' }))).toEqual(
      invalidClient,
    );
    expect(await refusal(service().introspect({ token, clientId: app.clientId }))).toEqual(invalidClient);
    expect(await refusal(service().introspect({ token, clientSecret: app.clientSecret }))).toEqual(invalidClient);
  });

  it('refuses a published demo client secret in production', async () => {
    const demo = await storeApp(db, { clientSecret: 'rmps_demo_consumer_app_secret_for_demos_only' });
    const { tokens } = await endpoint.tokensFor(demo);
    const input = { token: tokens.accessToken, clientId: demo.clientId, clientSecret: demo.clientSecret };
    const production = new OAuthGrantService({ ...db.context(), env: { ...db.env, nodeEnv: 'production' } });
    expect(await refusal(production.introspect(input))).toEqual(invalidClient);
    expect(await service().introspect(input)).toMatchObject({ active: true });
  });
});

describe('verify', () => {
  it('describes a live token and refuses anything else with invalid_token', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    expect(await service().verify(tokens.accessToken)).toMatchObject({ active: true, clientId: app.clientId });
    expect(await refusal(service().verify(null))).toEqual({
      reason: 'invalid_token',
      code: 'BAD_USER_INPUT',
      message: 'No token was sent.',
    });
    expect(await refusal(service().verify(tokens.refreshToken))).toEqual({
      reason: 'invalid_token',
      code: 'BAD_USER_INPUT',
      message: 'The token is invalid, expired or revoked.',
    });
  });
});

describe('revoke', () => {
  it('ends the whole grant by its access token or its refresh token', async () => {
    const a = await endpoint.tokensFor(app);
    expect(await service().revoke({ token: a.tokens.accessToken })).toEqual({ revoked: true });
    expect(await service().introspect({ token: a.tokens.accessToken })).toEqual({ active: false });
    const [grant] = await db.em().execute<{ revoked_reason: string }[]>(
      `select g."revoked_reason" from "oauth_grant" as g join "oauth_refresh_token" as rt on rt."grant_id" = g."id"
       where rt."token_hash" = ?`,
      [tokenDigest(a.tokens.refreshToken)],
    );
    expect(grant?.revoked_reason).toBe('revoked');
    expect(await refusal(endpoint.refresh(app, a.tokens.refreshToken))).toMatchObject({
      message: 'The grant was revoked.',
    });
    const b = await endpoint.tokensFor(app);
    expect(await service().revoke({ token: b.tokens.refreshToken })).toEqual({ revoked: true });
    expect(await service().introspect({ token: b.tokens.accessToken })).toEqual({ active: false });
  });

  it('ends a grant by an expired access token', async () => {
    endpoint.now = new Date(Date.now() - 2 * 3600 * 1000);
    const { tokens } = await endpoint.tokensFor(app);
    endpoint.now = new Date();
    await service().revoke({ token: tokens.accessToken });
    expect(await refusal(endpoint.refresh(app, tokens.refreshToken))).toMatchObject({
      message: 'The grant was revoked.',
    });
  });

  it("answers revoked but ends nothing for an unknown token or another client's token", async () => {
    const { tokens } = await endpoint.tokensFor(app);
    for (const token of ['unknown', 'a.b.c', 'x'.repeat(4097)]) {
      expect(await service().revoke({ token })).toEqual({ revoked: true });
    }
    const asOther = { clientId: other.clientId, clientSecret: other.clientSecret };
    expect(await service().revoke({ token: tokens.accessToken, ...asOther })).toEqual({ revoked: true });
    expect(await service().revoke({ token: tokens.refreshToken, ...asOther })).toEqual({ revoked: true });
    expect(await service().introspect({ token: tokens.accessToken })).toMatchObject({ active: true });
    const asApp = { clientId: app.clientId, clientSecret: app.clientSecret };
    expect(await service().revoke({ token: tokens.refreshToken, ...asApp })).toEqual({ revoked: true });
    expect(await service().introspect({ token: tokens.accessToken })).toEqual({ active: false });
  });

  it('answers revoked, without failing, for a refresh token whose app row is gone', async () => {
    const gone = await storeApp(db);
    const { tokens } = await endpoint.tokensFor(gone);
    await db.em().execute('delete from "oauth_client" where "id" = ?', [gone.client.id]);
    expect(await service().revoke({ token: tokens.refreshToken })).toEqual({ revoked: true });
  });

  it('requires a token and refuses wrong client credentials', async () => {
    expect(await refusal(service().revoke({ token: '' }))).toEqual({
      reason: 'invalid_request',
      code: 'BAD_USER_INPUT',
      message: 'token is required.',
    });
    expect(await refusal(service().revoke({ token: 'x', clientId: app.clientId, clientSecret: 'no' }))).toEqual(
      invalidClient,
    );
  });
});

describe('viewer', () => {
  const facts = { userId: 'u1', clientId: 'c1', grantId: 'g1', scopes: new Set(['s']), expiresAt: new Date(0) };

  it('describes the operator, a user grant and a business grant', () => {
    expect(service({ kind: 'operator' }).viewer()).toEqual({ kind: 'operator', scopes: [] });
    expect(service({ kind: 'user', ...facts }).viewer()).toEqual({
      kind: 'user',
      userId: 'u1',
      businessAccountId: null,
      clientId: 'c1',
      grantId: 'g1',
      scopes: ['s'],
    });
    expect(service({ kind: 'business', businessAccountId: 'b1', ...facts }).viewer()).toMatchObject({
      kind: 'business',
      businessAccountId: 'b1',
    });
  });

  it('refuses an anonymous caller', () => {
    expect(() => service().viewer()).toThrow('Authentication is required.');
  });
});
