/**
 * Schema-driven fuzz test (issue 6): every REST operation of the served OpenAPI document, the
 * authorization pages' routes, and every root field of the composed GraphQL schema, called with
 * hostile values in each string, number, boolean and body position (NUL, 10,000 characters, RTL and
 * combining marks, invalid UTF-8, lone surrogates, int32 edges, 1e400, wrong types, 10,000-deep
 * nesting, bodies just under and over 1 MiB, bad charsets and encodings). Every answer must be a
 * 4xx (or a success), in the endpoint's error format, without a stack trace or a server path, and
 * no refused call may change a table.
 *
 * Deterministic: values are sampled per position by a seeded PRNG (`FUZZ_SEED=<n>` to change the
 * seed; the seed in use is printed). The core values of each type are tried at every position.
 */
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOAuthPagesRouter } from '../rest-facade/oauth/pages/router.js';
import { apiSchemaOf } from '../schema/check.js';
import { createUser, registerApp, REDIRECT_URI, tokensFor } from './fixtures/oauth.fixtures.js';
import { ACCESS_TABLE } from '../subgraphs/kernel/auth/access-table.js';
import type { AccessRule } from '../subgraphs/kernel/auth/operation-access.js';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { freePort } from './fixtures/ports.js';
import { BaselineValues, type FuzzTargets } from './fuzz/baseline-values.js';
import type { Caller, FuzzCase } from './fuzz/fuzz-case.js';
import { formatFindings } from './fuzz/fuzz-report.js';
import { runCases } from './fuzz/fuzz-runner.js';
import { graphqlCases, type Sampling } from './fuzz/graphql-cases.js';
import { graphqlEnvelopeCases } from './fuzz/graphql-envelope-cases.js';
import { PAGE_ROUTES, pageCases } from './fuzz/page-cases.js';
import { SeededRandom, fuzzSeed } from './fuzz/prng.js';
import { restCases, type OpenApiDocument } from './fuzz/rest-cases.js';
import { storefrontBindingCases, type StorefrontFuzzShops } from './fuzz/storefront-cases.js';
import { EXCLUDED_TABLES, TableFingerprinter } from './fuzz/table-fingerprint.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from './harness.js';

/** The default seed: runs are reproducible unless FUZZ_SEED asks for another. */
const DEFAULT_SEED = 20_260_601;
const seed = fuzzSeed(process.env.FUZZ_SEED, DEFAULT_SEED);

let service: TestService;
let userToken: string;
let targets: FuzzTargets;
let storefront: StorefrontFuzzShops;

beforeAll(async () => {
  const port = await freePort();
  // TRUST_PROXY=loopback: each call names its own client address (X-Forwarded-For), see fuzz-runner.ts.
  service = await startTestService({
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: 'loopback' },
  });
  // Background jobs apply what earlier accepted calls started, at any moment (the stock postings of an
  // order, stored storefront deliveries): the fuzz compares the database around each refused call, so
  // they stop here; what they do is tested beside them.
  await service.jobs.stop(10_000);
  const app = await registerApp(service, ['user.profile.read', 'user.receipts.read']);
  userToken = (await tokensFor(service, app, await createUser(service))).accessToken;
  const sql = rootEntityManager(service.orm).getConnection();
  const [store] = await sql.execute<{ id: string }[]>('select id from store order by id limit 1');
  const [business] = await sql.execute<{ id: string }[]>('select id from business_account order by id limit 1');
  const types = await service.graphql<{ storeTypes: string[] }>('{ storeTypes }');
  storefront = await installShops(store!.id);
  targets = {
    ...app,
    redirectUri: REDIRECT_URI,
    storeId: store!.id,
    businessAccountId: business!.id,
    storeType: types.data?.storeTypes[0] ?? 'x',
  };
});

/** Two storefront shops of the store's business, sharing one app secret (as one app's shops do). */
async function installShops(storeId: string): Promise<StorefrontFuzzShops> {
  const sql = rootEntityManager(service.orm).getConnection();
  const [owner] = await sql.execute<{ business_account_id: string }[]>(
    'select "business_account_id" from "store" where "id" = ?',
    [storeId],
  );
  const secret = 'shpss_fuzz-binding-shared-secret';
  const install = async (shopDomain: string) => {
    const installed = await service.graphql(
      'mutation($i: InstallShopInput!) { installShop(input: $i) { id } }',
      { i: { businessAccountId: owner!.business_account_id, shopDomain, secret, storeId } },
      TEST_OPERATOR_TOKEN,
    );
    expect(installed.errors).toBeUndefined();
    return { domain: shopDomain, secret };
  };
  return { shop: await install('fuzz-shop.myshopify.com'), otherShop: await install('fuzz-other.myshopify.com') };
}

/** The running gateway's schema; the committed supergraph's API schema when introspection is refused. */
async function composedSchema(): Promise<GraphQLSchema> {
  const result = await service.graphql<IntrospectionQuery>(getIntrospectionQuery(), {}, TEST_OPERATOR_TOKEN);
  if (result.data?.__schema) return buildClientSchema(result.data);
  return apiSchemaOf(readFileSync(new URL('../../schema/supergraph.graphql', import.meta.url), 'utf8'));
}

const allowsOperator = (rule: AccessRule): boolean =>
  'operator' in rule || ('anyOf' in rule && rule.anyOf.some(allowsOperator));
const allowsUser = (rule: AccessRule): boolean => 'user' in rule || ('anyOf' in rule && rule.anyOf.some(allowsUser));

/** The caller that reaches the resolver first, then the others. */
function callersOf(operation: string): Caller[] {
  const rule = ACCESS_TABLE[operation];
  const main: Caller =
    !rule || 'public' in rule
      ? 'anonymous'
      : allowsOperator(rule)
        ? 'operator'
        : allowsUser(rule)
          ? 'user'
          : 'anonymous';
  return [main, ...(['anonymous', 'operator', 'user'] as const).filter((c) => c !== main)];
}

describe('schema-driven fuzz', () => {
  it('lists every route of the authorization pages router', () => {
    const router = createOAuthPagesRouter({
      executor: { execute: () => Promise.reject(new Error('unused')) },
      secureCookies: false,
    });
    const routes = router.stack.flatMap((layer) => {
      const route = layer.route as { path: string; methods?: Record<string, boolean> } | undefined;
      if (!route) return [];
      return Object.keys(route.methods ?? {}).map((m) => `${m.toUpperCase()} /oauth${route.path}`);
    });
    expect(routes.filter((r) => r !== 'GET /oauth/authorize').sort()).toEqual(Object.keys(PAGE_ROUTES).sort());
  });

  it('answers every hostile call with a clean 4xx or a success, never a stack, and changes nothing it refused', async () => {
    const started = Date.now();
    const values = new BaselineValues(targets);
    const sampling: Sampling = { random: new SeededRandom(seed), extra: 2, otherCallers: 1 };
    const openapi = (await (await service.call('/openapi.json')).json()) as OpenApiDocument;
    const cases: FuzzCase[] = [
      ...graphqlCases(await composedSchema(), values, callersOf, sampling),
      ...graphqlEnvelopeCases(),
      ...restCases(openapi, values, sampling),
      ...pageCases(values, sampling),
      ...storefrontBindingCases(storefront),
    ];
    const fingerprinter = await TableFingerprinter.create(service.orm);
    const run = await runCases(
      { url: service.url, tokens: { operator: TEST_OPERATOR_TOKEN, user: userToken }, fingerprinter },
      cases,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `fuzz seed ${seed} (set FUZZ_SEED to change it): ${run.calls} calls to ${run.byOperation.size} operations ` +
          `in ${seconds} s (fingerprints ${(run.fingerprintMs / 1000).toFixed(1)} s), ${run.accepted} accepted`,
        `slowest: ${[...run.msByOperation.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([operation, ms]) => `${operation} ${(ms / 1000).toFixed(1)} s/${run.byOperation.get(operation)} calls`)
          .join(', ')}`,
        `tables compared: ${fingerprinter.tables.join(', ')}`,
        `tables not compared: ${fingerprinter.excluded.join(', ') || 'none'} ` +
          `(${EXCLUDED_TABLES.map((e) => `${String(e.pattern)}: ${e.why}`).join('; ')})`,
      ].join('\n'),
    );
    expect(run.byOperation.size).toBeGreaterThan(40);
    if (run.findings.length > 0) throw new Error(`fuzz seed ${seed}\n${formatFindings(run.findings)}`);
    // A guard against a hang, not a time limit: on a loaded 2-core CI machine the run took 248–310 s.
  }, 600_000);
});
