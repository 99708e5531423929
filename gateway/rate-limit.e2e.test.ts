/**
 * Rate limits through the running service, with a test-only rule table on
 * root fields that exist today (`Query.terminal` per IP and terminal, `Mutation.changePassword` per IP):
 * every limited response carries `RateLimit-Policy` and `RateLimit`; over the limit the call is refused
 * with RATE_LIMITED (429) and `Retry-After` before any resolver runs, and after waiting that long it
 * succeeds; the REST facade passes the headers on for both executors, counting against the same
 * counters as GraphQL; and two service instances over one PostgreSQL database share the counters.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOne, type RunningService } from '../processes/all-in-one/all-in-one.js';
import { startFacadeService, type RunningFacade } from '../processes/facade/facade-service.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import type { RateLimitRule } from '../subgraphs/kernel/rate-limit/rules.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { hasPostgres, requireRedis } from '../test/requirements.js';

/** Long enough that a handful of calls on a loaded machine stay inside one window, short enough to wait out. */
const WINDOW_SECONDS = 5;
const RULES: RateLimitRule[] = [
  {
    field: 'Query.terminal',
    policy: 'terminal-read',
    limit: 3,
    windowSeconds: WINDOW_SECONDS,
    keyArguments: ['publicTerminalId'],
  },
  {
    field: 'Mutation.changePassword',
    policy: 'password-change',
    limit: 2,
    windowSeconds: WINDOW_SECONDS,
    keyArguments: [],
  },
];
const TERMINAL = 'query($id: String!) { terminal(publicTerminalId: $id) { publicTerminalId } }';
const CREATE = 'mutation($input: CreateTerminalInput!) { createTerminal(input: $input) { publicTerminalId } }';

let service: TestService;
let serial = 0;

beforeAll(async () => {
  service = await startTestService({ rateLimitRules: RULES });
});

/** A new terminal of the demo store: its own counter of the terminal-read rule. */
async function newTerminal(): Promise<string> {
  const publicTerminalId = `RL${Date.now().toString(36)}${(serial += 1)}`.slice(0, 16);
  const created = await service.graphql(
    CREATE,
    { input: { storeId: service.demo?.sampleStoreId, publicTerminalId } },
    TEST_OPERATOR_TOKEN,
  );
  expect(created.errors).toBeUndefined();
  return publicTerminalId;
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: {
    data?: { terminal?: { publicTerminalId: string } } | null;
    errors?: { extensions?: Record<string, unknown> }[];
  };
}

async function readTerminal(baseUrl: string, id: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: TERMINAL, variables: { id } }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

const remaining = (answer: { headers: Headers }) =>
  /;r=(\d+);t=(\d+)$/.exec(answer.headers.get('ratelimit') ?? '')?.[1];
const waitSeconds = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Retry-After as the answer gives it: an integer of seconds, 1 or more. */
function retryAfter(answer: { headers: Headers }): number {
  const value = answer.headers.get('retry-after') ?? '';
  expect(value).toMatch(/^[1-9]\d*$/);
  return Number(value);
}

describe('rate limits at the gateway', () => {
  it('sends the policy and what remains on every limited response, refuses over the limit and admits after Retry-After', async () => {
    const id = await newTerminal();
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i += 1) answers.push(await readTerminal(service.url, id));
    const [first, , third, refused] = answers as [Answer, Answer, Answer, Answer];
    expect(first.status).toBe(200);
    expect(first.body.data?.terminal?.publicTerminalId).toBe(id);
    expect(first.headers.get('ratelimit-policy')).toBe(`"terminal-read";q=3;w=${WINDOW_SECONDS}`);
    expect(first.headers.get('ratelimit')).toMatch(/^"terminal-read";r=2;t=[1-5]$/);
    expect(first.headers.get('retry-after')).toBeNull();
    expect(answers.map(remaining)).toEqual(['2', '1', '0', '0']);
    expect(third.status).toBe(200);

    expect(refused.status).toBe(429);
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', reason: 'rate_limited' });
    const seconds = retryAfter(refused);
    expect(refused.body.errors?.[0]?.extensions?.retryAfter).toBe(seconds);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"terminal-read";q=3;w=${WINDOW_SECONDS}`);

    // Another terminal is another counter; an operation without a limited field carries no headers.
    const other = await readTerminal(service.url, await newTerminal());
    expect([other.status, remaining(other)]).toEqual([200, '2']);
    const unlimited = await service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(unlimited.headers.get('ratelimit-policy')).toBeNull();

    await waitSeconds(seconds);
    const afterWait = await readTerminal(service.url, id);
    expect(afterWait.status).toBe(200);
    expect(afterWait.body.data?.terminal?.publicTerminalId).toBe(id);
    expect(remaining(afterWait)).toBe('2');
  });

  it('is counted once per alias, so one document cannot hold more calls than the limit allows', async () => {
    const id = await newTerminal();
    const aliases = [1, 2, 3, 4].map((n) => `t${n}: terminal(publicTerminalId: $id) { publicTerminalId }`).join(' ');
    const response = await service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `query($id: String!) { ${aliases} }`, variables: { id } }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('ratelimit')).toMatch(/^"terminal-read";r=0;/);
  });
});

describe('rate limits through the REST facade', () => {
  let facade: RunningFacade;
  beforeAll(async () => {
    // The facade as its own service (HttpExecutor) in front of the same gateway.
    facade = await startFacadeService(
      loadEnv({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        GATEWAY_URL: `${service.url}/graphql`,
        // The facade seals the receipt pages' cookies with it; without one it would write a key file
        // into the working tree.
        SECRETS_KEY: randomBytes(32).toString('base64url'),
      }),
    );
  });
  afterAll(() => facade.close());

  const changePassword = (baseUrl: string) =>
    fetch(`${baseUrl}/api/v1/user/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'whatever it is', newPassword: 'a brand new passphrase' }),
    });

  it('passes the headers on and answers 429 with Retry-After, in process and over HTTP, on the counters GraphQL uses', async () => {
    const inProcess = await changePassword(service.url);
    // Counted before the resolver refuses the missing token.
    expect(inProcess.status).toBe(401);
    expect(inProcess.headers.get('ratelimit-policy')).toBe(`"password-change";q=2;w=${WINDOW_SECONDS}`);
    expect(remaining(inProcess)).toBe('1');
    const overHttp = await changePassword(facade.url);
    expect(overHttp.status).toBe(401);
    expect(remaining(overHttp)).toBe('0');

    const refused = await changePassword(facade.url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(refused.headers.get('ratelimit')).toMatch(/^"password-change";r=0;t=\d+$/);
    const seconds = retryAfter(refused);
    const refusedHere = await changePassword(service.url);
    expect(refusedHere.status).toBe(429);
    expect(refusedHere.headers.get('ratelimit-policy')).toBe(`"password-change";q=2;w=${WINDOW_SECONDS}`);
    retryAfter(refusedHere);

    await waitSeconds(Math.max(seconds, retryAfter(refusedHere)));
    const afterWait = await changePassword(facade.url);
    expect(afterWait.status).toBe(401);
    expect(remaining(afterWait)).toBe('1');
  });
});

describe.skipIf(!hasPostgres('rate limits shared by two service instances'))('two service instances', () => {
  let second: RunningService;
  beforeAll(async () => {
    // A second instance over the same PostgreSQL database (its counters in the rate_limit table).
    second = await startAllInOne(service.env, { rateLimitRules: RULES });
  });
  afterAll(() => second.close());

  it('count against the same counter, and the refused caller is admitted by either after Retry-After', async () => {
    const id = await newTerminal();
    const answers: Answer[] = [];
    for (const url of [service.url, second.url, service.url, second.url]) answers.push(await readTerminal(url, id));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map(remaining)).toEqual(['2', '1', '0', '0']);
    await waitSeconds(retryAfter(answers[3]!));
    const afterWait = await readTerminal(service.url, id);
    expect([afterWait.status, remaining(afterWait)]).toEqual([200, '2']);
  });
});

const redisUrl = await requireRedis('rate limits shared through Redis');

describe.skipIf(!redisUrl)('two service instances with REDIS_URL', () => {
  let instances: TestService[];
  beforeAll(async () => {
    // Each with a database of its own: only Redis connects their counters.
    const options = { demoData: false, env: { REDIS_URL: redisUrl ?? '' }, rateLimitRules: RULES };
    instances = await Promise.all([startTestService(options), startTestService(options)]);
  });

  it('count against the same counter in Redis', async () => {
    // No such terminal: the call is counted before the resolver answers NOT_FOUND. A random id keeps
    // other runs sharing this Redis out of the counter.
    const id = `RL${randomBytes(6).toString('hex')}`;
    const [a, b] = instances as [TestService, TestService];
    const answers: Answer[] = [];
    for (const instance of [a, b, a, b]) answers.push(await readTerminal(instance.url, id));
    expect(answers.map(remaining)).toEqual(['2', '1', '0', '0']);
    expect(answers[0]?.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(answers[3]?.status).toBe(429);
    expect(answers[3]?.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});
