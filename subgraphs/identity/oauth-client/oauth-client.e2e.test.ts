import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { authenticateClient, isRegisteredRedirectUri } from './client-credentials.js';
import { OAuthClient } from './oauth-client.entity.js';
import { redirectUriProblem } from './oauth-client.service.js';

const REGISTER = `mutation($input: RegisterOAuthAppInput!) {
  registerOAuthApp(input: $input) { clientSecret app { clientId name redirectUris scopes userScopeStatus firstParty businessAccountId } }
}`;
const APPROVE = 'mutation($clientId: String!) { approveOAuthApp(clientId: $clientId) { clientId userScopeStatus } }';
const SAKURA = '01900000-0000-7000-8001-000000000001';

interface Registration {
  registerOAuthApp: {
    clientSecret: string;
    app: { clientId: string; userScopeStatus: string | null; firstParty: boolean; businessAccountId: string | null };
  };
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});

const register = (input: Record<string, unknown>, token: string | null = TEST_OPERATOR_TOKEN) =>
  service.graphql<Registration>(
    REGISTER,
    {
      input: {
        name: 'Partner POS',
        redirectUris: ['https://partner.example/cb'],
        scopes: ['store.orders.read'],
        ...input,
      },
    },
    token ?? undefined,
  );

describe('registerOAuthApp', () => {
  it('issues a client id and a secret shown once and stored only as a digest', async () => {
    const result = await register({ businessAccountId: SAKURA });
    expect(result.errors).toBeUndefined();
    const { clientSecret, app } = result.data!.registerOAuthApp;
    expect(app).toMatchObject({ userScopeStatus: null, firstParty: false, businessAccountId: SAKURA });
    expect(app.clientId).toMatch(/^rmp_[A-Za-z0-9_-]{20}$/);
    expect(clientSecret).toMatch(/^rmps_[A-Za-z0-9_-]{43}$/);
    const em = rootEntityManager(service.orm).fork();
    const stored = await em.findOneOrFail(OAuthClient, { clientId: app.clientId }, { populate: ['clientSecretHash'] });
    expect(stored.clientSecretHash).toBe(createHash('sha256').update(clientSecret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(clientSecret);
  });

  it('authenticates the client with its secret only', async () => {
    const { clientSecret, app } = (await register({})).data!.registerOAuthApp;
    const em = rootEntityManager(service.orm).fork();
    expect((await authenticateClient(em, app.clientId, clientSecret))?.clientId).toBe(app.clientId);
    expect(await authenticateClient(em, app.clientId, `${clientSecret}x`)).toBeNull();
    expect(await authenticateClient(em, 'rmp_unknown', clientSecret)).toBeNull();
    expect(await authenticateClient(em, 'x'.repeat(500), clientSecret)).toBeNull();
  });

  it('puts an app asking for user scopes in review until an operator approves it', async () => {
    const { app } = (await register({ scopes: ['user.profile.read', 'user.receipts.read'] })).data!.registerOAuthApp;
    expect(app.userScopeStatus).toBe('PENDING');
    const anonymous = await service.graphql(APPROVE, { clientId: app.clientId });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const approved = await service.graphql(APPROVE, { clientId: app.clientId }, TEST_OPERATOR_TOKEN);
    expect(approved.data).toEqual({ approveOAuthApp: { clientId: app.clientId, userScopeStatus: 'APPROVED' } });
  });

  it('refuses to approve an unknown app or one without user scopes', async () => {
    const unknown = await service.graphql(APPROVE, { clientId: 'rmp_nope' }, TEST_OPERATOR_TOKEN);
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'app_not_found' });
    const { app } = (await register({})).data!.registerOAuthApp;
    const none = await service.graphql(APPROVE, { clientId: app.clientId }, TEST_OPERATOR_TOKEN);
    expect(none.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'no_user_scopes' });
  });

  it('refuses store and user scopes in one app, unknown scopes and bad redirect URIs, naming each', async () => {
    const result = await register({
      name: '',
      scopes: ['store.orders.read', 'user.profile.read', 'store.teleport'],
      redirectUris: ['http://partner.example/cb', 'https://partner.example/cb#frag', '/relative'],
    });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const paths = (result.errors?.[0]?.extensions?.errors as { path: string; message: string }[]).map((e) => e.path);
    expect(paths).toEqual(['name', 'redirectUris.0', 'redirectUris.1', 'redirectUris.2', 'scopes', 'scopes']);
  });

  it('refuses anonymous callers and unknown business accounts', async () => {
    expect((await register({}, null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const unknown = await register({ businessAccountId: '01900000-0000-7000-8001-0000000fffff' });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'unknown_business_account',
    });
  });
});

describe('redirect URIs', () => {
  it.each([
    'https://app.example/callback?x=1',
    'http://127.0.0.1:8765/cb',
    'http://localhost/cb',
    'http://[::1]:9/cb',
    'com.example.app:/oauth',
  ])('accepts %s', (uri) => expect(redirectUriProblem(uri)).toBeUndefined());

  it.each([
    'http://app.example/cb',
    'https://app.example/cb#x',
    'relative/cb',
    'javascript:alert(1)',
    'myapp:/cb',
    `https://a.example/${'x'.repeat(2050)}`,
  ])('refuses %s', (uri) => expect(redirectUriProblem(uri)).toBeDefined());

  it('matches registered URIs character for character', () => {
    const client = Object.assign(new OAuthClient(), { redirectUris: ['https://app.example/cb'] });
    expect(isRegisteredRedirectUri(client, 'https://app.example/cb')).toBe(true);
    expect(isRegisteredRedirectUri(client, 'https://app.example/cb/')).toBe(false);
    expect(isRegisteredRedirectUri(client, 'https://APP.example/cb')).toBe(false);
  });
});
