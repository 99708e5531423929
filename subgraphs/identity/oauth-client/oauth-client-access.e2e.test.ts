/**
 * Who may register OAuth apps (issue 6, item 9): operators, and a business owner through a
 * first-party app, for their own business. A token of a third-party app is refused, whatever its
 * scopes, so a partner cannot mint new apps and secrets for the business that consented to it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { runOps } from '../../../test/ops-runner.js';
import {
  createBusiness,
  createUser,
  REDIRECT_URI,
  startOAuthService,
  tokensFor,
  type App,
} from '../../../test/fixtures/oauth.fixtures.js';

const REGISTER = `mutation($input: RegisterOAuthAppInput!) {
  registerOAuthApp(input: $input) { clientSecret app { clientId businessAccountId firstParty } }
}`;
const STORE_SCOPES = ['store.info.read'];

let service: TestService;
let ownerId: string;
let businessId: string;

beforeAll(async () => {
  service = await startOAuthService();
  const email = 'owner@register-apps.example';
  ownerId = await createUser(service, email);
  businessId = await createBusiness(service, email);
});

/** A business token of `app` for the test business. */
const businessToken = async (app: App) =>
  (await tokensFor(service, app, ownerId, { scopes: STORE_SCOPES, businessAccountId: businessId })).accessToken;

const register = (token: string, input: Record<string, unknown> = {}) =>
  service.graphql<{ registerOAuthApp: { app: { businessAccountId: string | null } } }>(
    REGISTER,
    { input: { name: 'Minted app', redirectUris: ['https://minted.example/cb'], scopes: STORE_SCOPES, ...input } },
    token,
  );

describe('registerOAuthApp by a business token', () => {
  it('refuses a token issued to a third-party app (FORBIDDEN third_party_app), and registers nothing', async () => {
    // A plain (not first-party) partner app of the business, as the demo partner app is.
    const thirdParty = await service.graphql<{ registerOAuthApp: { app: { clientId: string }; clientSecret: string } }>(
      REGISTER,
      {
        input: {
          name: 'Partner',
          redirectUris: [REDIRECT_URI],
          scopes: STORE_SCOPES,
          businessAccountId: businessId,
        },
      },
      TEST_OPERATOR_TOKEN,
    );
    const app = {
      clientId: thirdParty.data!.registerOAuthApp.app.clientId,
      clientSecret: thirdParty.data!.registerOAuthApp.clientSecret,
    };
    const refused = await register(await businessToken(app));
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'third_party_app' });
    expect(refused.errors?.[0]?.message).toMatch(/first-party app/);
  });

  it('allows a token of a first-party store app (registered with the ops CLI) for its own business only', async () => {
    const run = await runOps([
      'app:register',
      '--name',
      'Business console',
      '--redirect-uri',
      REDIRECT_URI,
      '--scopes',
      STORE_SCOPES.join(' '),
      '--business',
      businessId,
      '--first-party',
      '--url',
      `${service.url}/graphql`,
      '--token',
      TEST_OPERATOR_TOKEN,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const consoleApp = JSON.parse(run.stdout) as App;
    const token = await businessToken(consoleApp);
    const allowed = await register(token);
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data?.registerOAuthApp.app.businessAccountId).toBe(businessId);
    const otherBusiness = await register(token, { businessAccountId: '01900000-0000-7000-8001-000000000001' });
    expect(otherBusiness.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'other_business' });
  });

  it('still lets operators register apps', async () => {
    const result = await register(TEST_OPERATOR_TOKEN, { businessAccountId: businessId });
    expect(result.errors).toBeUndefined();
  });
});
