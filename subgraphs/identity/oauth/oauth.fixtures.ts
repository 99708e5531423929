/**
 * Test fixtures for the OAuth token endpoints: a service on a known port (so PUBLIC_URL, the issuer,
 * is where it listens), a registered app, a user, and authorization codes issued directly (the
 * authorize pages come later).
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { freePort } from '../../../processes/child-services.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { findClient } from '../oauth-client/client-credentials.js';
import { issueAuthorizationCode } from './authorization-code.js';

export const REDIRECT_URI = 'https://app.example.test/callback';
export const USER_SCOPES = ['user.profile.read', 'user.receipts.read'];

export interface App {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The one-process service with PUBLIC_URL = its own loopback URL. */
export async function startOAuthService(): Promise<TestService> {
  const port = await freePort();
  return startTestService({ demoData: false, env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
}

async function operator<T>(service: TestService, query: string, variables: Record<string, unknown>): Promise<T> {
  const result = await service.graphql<T>(query, variables, TEST_OPERATOR_TOKEN);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** A first-party app with user scopes (so no approval is needed). */
export async function registerApp(service: TestService, scopes: string[] = USER_SCOPES): Promise<App> {
  const data = await operator<{ registerOAuthApp: { app: { clientId: string }; clientSecret: string } }>(
    service,
    `mutation($input: RegisterOAuthAppInput!) { registerOAuthApp(input: $input) { app { clientId } clientSecret } }`,
    { input: { name: 'Test app', redirectUris: [REDIRECT_URI], scopes, firstParty: true } },
  );
  return { clientId: data.registerOAuthApp.app.clientId, clientSecret: data.registerOAuthApp.clientSecret };
}

/** The password of every account {@link createUser} makes. */
export const USER_PASSWORD = 'correct horse battery staple 42';

/** A registered consumer account (password {@link USER_PASSWORD}). */
export async function createUser(
  service: TestService,
  email = `u${randomBytes(6).toString('hex')}@example.test`,
): Promise<string> {
  const data = await operator<{ createUser: { id: string } }>(
    service,
    `mutation($input: CreateUserInput!) { createUser(input: $input) { id } }`,
    { input: { email, password: USER_PASSWORD } },
  );
  return data.createUser.id;
}

/** A business account whose owner invitation goes to `ownerEmail` (not accepted: tests issue codes directly). */
export async function createBusiness(service: TestService, ownerEmail: string): Promise<string> {
  const data = await operator<{ createBusinessAccount: { id: string } }>(
    service,
    `mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }`,
    { input: { name: 'Test business', ownerEmail } },
  );
  return data.createBusinessAccount.id;
}

/** A PKCE pair (RFC 7636 S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface CodeOptions {
  readonly scopes?: string[];
  readonly challenge?: string | null;
  readonly method?: string | null;
  readonly businessAccountId?: string | null;
}

/** What the consent step would do: issue a code for `userId`. */
export async function issueCode(
  service: TestService,
  app: App,
  userId: string,
  options: CodeOptions = {},
): Promise<string> {
  const em = rootEntityManager(service.orm).fork();
  const client = await findClient(em, app.clientId);
  const { code } = await issueAuthorizationCode(em, {
    client: client!,
    userId,
    businessAccountId: options.businessAccountId ?? null,
    redirectUri: REDIRECT_URI,
    scopes: options.scopes ?? USER_SCOPES,
    codeChallenge: options.challenge ?? null,
    codeChallengeMethod: options.challenge ? (options.method ?? 'S256') : (options.method ?? null),
  });
  return code;
}

/** POST a form to the service. */
export function postForm(
  service: TestService,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return service.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(params).toString(),
  });
}

/** POST JSON to the service. */
export function postJson(
  service: TestService,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return service.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export const basic = (app: App): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`).toString('base64')}`;

/** `viewer` with a token: the data, or the error code. */
export async function viewer(service: TestService, token: string): Promise<{ kind?: string; error?: unknown }> {
  const result = await service.graphql<{ viewer: { kind: string } }>(
    '{ viewer { kind userId clientId scopes } }',
    {},
    token,
  );
  return result.data?.viewer ?? { error: result.errors?.[0]?.extensions?.code };
}

/** Asserts an OAuth error response: status, `error`, problem fields and no-store. */
export async function expectOAuthError(
  response: Response,
  status: number,
  error: string,
): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  expect({ status: response.status, error: body.error }).toEqual({ status, error });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(body).toMatchObject({ type: `/problems/${error}`, status, detail: body.error_description, code: error });
  for (const field of ['error_description', 'title', 'traceId']) expect(typeof body[field], field).toBe('string');
  expect(body.instance).toMatch(/^\/api\/v1\/auth\//);
  return body;
}

/** A token pair of the JSON dialect. */
export interface TokenPair {
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** Real tokens for `userId`: a code issued as consent would, exchanged at POST /api/v1/auth/token. */
export async function tokensFor(
  service: TestService,
  app: App,
  userId: string,
  options: CodeOptions = {},
): Promise<TokenPair> {
  const code = await issueCode(service, app, userId, options);
  const response = await postJson(service, '/api/v1/auth/token', {
    grantType: 'authorization_code',
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    code,
    redirectUri: REDIRECT_URI,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TokenPair;
}
