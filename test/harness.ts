/**
 * Starts the one-process service on a random loopback port against a fresh test database, and tears
 * both down after the file's tests.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAllInOne, type RunningService } from '../processes/all-in-one/all-in-one.js';
import { loadEnv, type Env } from '../subgraphs/kernel/env.js';
import type { RateLimitRule } from '../subgraphs/kernel/rate-limit/rules.js';
import { createTestDatabase } from './fixtures/database.js';
import { onFileTeardown } from './file-teardown.js';

export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789';

/** Receipt rate limits no test reaches by accident (see startTestService). */
export const GENEROUS_RATE_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_LAST_RECEIPT: '100000',
  RATE_LIMIT_TERMINAL_CLAIM: '100000',
  RATE_LIMIT_RX_READ: '100000',
  RATE_LIMIT_RX_CLAIM: '100000',
  RATE_LIMIT_ANONYMOUS_SURVEY: '100000',
};

export interface TestService extends RunningService {
  readonly env: Env;
  /** fetch against the service: `call('/api/v1/...')`. */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** A JSON request with an optional bearer token; the response, its status and parsed body (null for none). */
  rest(method: string, path: string, token?: string, body?: unknown): Promise<RestAnswer>;
  /** POST a GraphQL operation to /graphql; `token` defaults to none. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
}

export interface RestAnswer {
  readonly response: Response;
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export interface TestServiceOptions {
  /** Load the demo data. Default true. */
  readonly demoData?: boolean;
  /**
   * Load the demo data into an empty database, as a first `npm start` does (the demo loader's own
   * tests). Default false: the database starts as a copy already holding it, and the service's start
   * takes the loader's "already there" path, as a restart does.
   */
  readonly firstDemoLoad?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  /** The gateway's rate-limit rule table; default the receipt rules (env.ts RATE_LIMIT_*). */
  readonly rateLimitRules?: readonly RateLimitRule[];
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const demoData = options.demoData ?? true;
  // A copy already holding the demo data (the demo template of this test run); production seeds the
  // demo accounts with other credentials, so it loads its own.
  const database = await createTestDatabase({
    demo: demoData && !options.firstDemoLoad && options.env?.NODE_ENV !== 'production',
  });
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    SEED_DEMO_DATA: String(demoData),
    // Quiet: a service a test starts in production or development mode would log every request.
    LOG_LEVEL: 'warn',
    // Every test calls from 127.0.0.1, so the receipt rate limits (10 claims a minute per IP) would
    // refuse the calls of tests about something else; a test of the limits sets its own (env or rules).
    ...GENEROUS_RATE_LIMITS,
    // Never the developer's own `.data/wallet-dev` (ops wallet:dev-certs): a test that wants wallet
    // material configures it; this directory does not exist.
    WALLET_DEV_DIR: join(tmpdir(), `wallet-dev-absent-${process.pid}`),
    ...database.env,
    ...options.env,
  });
  let service: RunningService;
  try {
    service = await startAllInOne(env, { rateLimitRules: options.rateLimitRules });
  } catch (error) {
    await database.drop();
    throw error;
  }
  // At the end of the test file (vitest ignores afterAll() called while a hook runs, and
  // startTestService is called from beforeAll).
  onFileTeardown(async () => {
    await service.close();
    await database.drop();
  });
  const call = (path: string, init?: RequestInit) => fetch(`${service.url}${path}`, init);
  return {
    ...service,
    close: () => service.close(),
    env,
    call,
    async rest(method, path, token, body) {
      const response = await call(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { response, status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
    },
    async graphql(query, variables = {}, token) {
      const response = await call('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as never;
    },
  };
}
