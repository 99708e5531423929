/**
 * Issue 6, item 3: a NUL character (U+0000, which PostgreSQL cannot store) or an unpaired UTF-16
 * surrogate in any string input is a 400 naming the field, refused before it reaches the database:
 * REST parameters and bodies (JSON and form) by the facade, GraphQL variables and literals by the
 * plugin every GraphQL entry runs, and the authorization pages' forms through the same plugin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, formOf } from '../../test/fixtures/authorization.fixtures.js';
import {
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
  type TokenPair,
} from '../../test/fixtures/oauth.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

interface GraphQLAnswer {
  readonly status: number;
  readonly errors: { extensions?: { code?: string; errors?: { path: string; message: string }[] } }[];
}

let service: TestService;
let user: TokenPair;
beforeAll(async () => {
  service = await startOAuthService();
  user = await tokensFor(service, await registerApp(service), await createUser(service));
});

async function graphql(query: string, variables: Record<string, unknown>, token?: string): Promise<GraphQLAnswer> {
  const response = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: GraphQLAnswer['errors'] };
  return { status: response.status, errors: body.errors ?? [] };
}

function expectRefused(answer: GraphQLAnswer, path: string): void {
  expect(answer.status).toBe(400);
  expect(answer.errors[0]?.extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    errors: [expect.objectContaining({ path })],
  });
}

const OPERATIONS: [string, string, (text: string) => Record<string, unknown>, string, string | undefined][] = [
  ['publicStores(q)', 'query($q: String) { publicStores(q: $q) { total } }', (t) => ({ q: t }), 'q', undefined],
  ['checkInCampaign', 'query($t: String!) { checkInCampaign(token: $t) { name } }', (t) => ({ t }), 't', undefined],
  ['surveyCampaign', 'query($t: String!) { surveyCampaign(token: $t) { name } }', (t) => ({ t }), 't', undefined],
  [
    'signInBrowser',
    'mutation($input: BrowserSignInInput!) { signInBrowser(input: $input) { sessionToken } }',
    (t) => ({ input: { email: `${t}@example.test`, password: 'x'.repeat(20) } }),
    'input.email',
    undefined,
  ],
  [
    'signUpBrowser',
    'mutation($input: BrowserSignUpInput!) { signUpBrowser(input: $input) { verificationRequired } }',
    (t) => ({ input: { email: 'nul@example.test', password: `${t}${'x'.repeat(20)}` } }),
    'input.password',
    undefined,
  ],
  ['removeDevice', 'mutation($d: String!) { removeDevice(deviceId: $d) }', (t) => ({ d: t }), 'd', 'user'],
  [
    'registerOAuthApp',
    'mutation($input: RegisterOAuthAppInput!) { registerOAuthApp(input: $input) { clientSecret } }',
    (t) => ({ input: { name: t, redirectUris: ['https://nul.example.test/cb'], scopes: ['store.info.read'] } }),
    'input.name',
    TEST_OPERATOR_TOKEN,
  ],
  [
    'approveOAuthApp',
    'mutation($c: String!) { approveOAuthApp(clientId: $c) { clientId } }',
    (t) => ({ c: t }),
    'c',
    TEST_OPERATOR_TOKEN,
  ],
  [
    'createBusinessAccount',
    'mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }',
    (t) => ({ input: { name: 'NUL Test', ownerEmail: `${t}@example.test` } }),
    'input.ownerEmail',
    TEST_OPERATOR_TOKEN,
  ],
];

describe('GraphQL: text PostgreSQL cannot store is refused before execution', () => {
  it.each(OPERATIONS)('%s with a NUL in a variable', async (_name, query, variables, path, token) => {
    expectRefused(await graphql(query, variables(NUL), token === 'user' ? user.accessToken : token), path);
  });

  it.each(OPERATIONS)('%s with an unpaired surrogate in a variable', async (_name, query, variables, path, token) => {
    expectRefused(await graphql(query, variables(LONE_SURROGATE), token === 'user' ? user.accessToken : token), path);
  });

  it('refuses a NUL written as a literal in the document, naming the argument', async () => {
    const answer = await graphql('{ stores: publicStores(q: "a\\u0000b") { total } }', {});
    expectRefused(answer, 'stores.q');
  });

  it('still accepts ordinary and astral text', async () => {
    const answer = await graphql('query($q: String) { publicStores(q: $q) { total } }', { q: 'さくら 🌸' });
    expect(answer.status).toBe(200);
    expect(answer.errors).toEqual([]);
  });
});

describe('REST: refused by the facade with validation_failed naming the field', () => {
  async function expectProblem(response: Response, path: string): Promise<void> {
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path }] });
  }

  it('q of the public store search', async () => {
    await expectProblem(await service.call('/api/v1/public/stores?q=a%00b'), 'q');
  });

  it('/clientId (a JSON pointer) of a JSON token request and the parameter client_id of a form one', async () => {
    const json = await service.rest('POST', '/api/v1/auth/token', undefined, {
      grantType: 'authorization_code',
      clientId: NUL,
      clientSecret: 'x',
      code: 'x',
      redirectUri: 'https://app.example.test/callback',
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '/clientId' }] });
    // JSON can carry an unpaired surrogate ("\ud800"); a URL cannot (its bytes decode to U+FFFD).
    const surrogate = await service.rest('POST', '/api/v1/auth/refresh', undefined, {
      refreshToken: LONE_SURROGATE,
      clientId: 'x',
      clientSecret: 'x',
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '/refreshToken' }] });
    const form = await service.call('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&client_id=a%00b&client_secret=x&code=x',
    });
    expect(form.status).toBe(400);
    expect(await form.json()).toMatchObject({ error: 'invalid_request', errors: [{ path: 'client_id' }] });
  });

  it('a device id in the path', async () => {
    const response = await service.call('/api/v1/user/devices/a%00b', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    await expectProblem(response, 'deviceId');
  });
});

describe('authorization pages', () => {
  it('answers a sign-in with a NUL in the email with a 400 page, not a 500', async () => {
    const client = new CookieClient(service.url);
    const form = formOf(await (await client.request('/oauth/sign-in')).text(), '/oauth/sign-in');
    const response = await client.post(form.action, {
      ...form.fields,
      email: `${NUL}@example.test`,
      password: 'x'.repeat(20),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers an authorization request with a NUL in client_id with a 400 page', async () => {
    const response = await new CookieClient(service.url).request('/oauth/authorize?response_type=code&client_id=a%00b');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
