/**
 * Identical queries in flight at the same moment share one in-process subgraph execution
 * (in-process-data-source.ts) when they are the subgraph's shared reads, and nothing else shares:
 * the key, and concurrent requests against the one-process service counted by the subgraph's
 * operation histogram.
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOperationDuration } from '../subgraphs/kernel/observability/metrics.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { hasPostgres } from '../test/requirements.js';
import { sharingKey } from './in-process-data-source.js';

const READS = new Set(['Query.publicStores']);

describe('sharingKey', () => {
  const query = 'query Q($p: String) { publicStores(prefecture: $p) { total } }';
  const document = parse(query);
  const base = { query, operationName: 'Q', variables: { p: '13' } };

  it('is the same for the same operation, variables, credentials and client address', () => {
    const context = { authorization: 'Bearer a', clientIp: '10.0.0.1' };
    expect(sharingKey(document, base, context, READS)).toBe(sharingKey(document, { ...base }, { ...context }, READS));
  });

  it('differs with the variables, the credentials or the client address', () => {
    const key = sharingKey(document, base, { authorization: 'Bearer a', clientIp: '10.0.0.1' }, READS);
    expect(
      sharingKey(
        document,
        { ...base, variables: { p: '27' } },
        { authorization: 'Bearer a', clientIp: '10.0.0.1' },
        READS,
      ),
    ).not.toBe(key);
    expect(sharingKey(document, base, { authorization: 'Bearer b', clientIp: '10.0.0.1' }, READS)).not.toBe(key);
    expect(sharingKey(document, base, { authorization: undefined, clientIp: '10.0.0.1' }, READS)).not.toBe(key);
    expect(sharingKey(document, base, { authorization: 'Bearer a', clientIp: '10.0.0.2' }, READS)).not.toBe(key);
  });

  it('is undefined for a mutation: it always runs on its own', () => {
    const mutation = 'mutation M { revokeEverything }';
    expect(sharingKey(parse(mutation), { query: mutation }, {}, new Set(['Query.revokeEverything']))).toBeUndefined();
  });

  it('is undefined for a query that is not a shared read', () => {
    const viewer = '{ viewer { id } }';
    expect(sharingKey(parse(viewer), { query: viewer }, {}, READS)).toBeUndefined();
    expect(sharingKey(document, base, {}, new Set())).toBeUndefined();
  });
});

/** Executions of the stores subgraph's queries so far (the subgraph's own operation histogram). */
async function storesQueryExecutions(): Promise<number> {
  const { values } = await graphqlOperationDuration.get();
  return values
    .filter(
      (v) =>
        v.metricName?.endsWith('_count') &&
        v.labels.component === 'subgraph' &&
        v.labels.subgraph === 'stores' &&
        v.labels.operation_type === 'query',
    )
    .reduce((sum, v) => sum + v.value, 0);
}

// On the embedded database the one connection serializes the requests: nothing is in flight together.
describe.skipIf(!hasPostgres('identical queries in flight (concurrent requests need PostgreSQL)'))(
  'identical queries in flight, one-process service as configured by default',
  () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startTestService();
    });
    afterAll(() => service.close());

    const QUERY = '{ publicStores(prefecture: "13", pageSize: 5) { total items { id name business { id name } } } }';

    async function concurrently(count: number, token?: (i: number) => string | undefined) {
      await service.graphql(QUERY); // planned and warm
      const before = await storesQueryExecutions();
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) => service.graphql(QUERY, {}, token?.(i))),
      );
      return { answers, executions: (await storesQueryExecutions()) - before };
    }

    it('run once for many callers, and every caller gets the full answer', async () => {
      const { answers, executions } = await concurrently(16);
      expect(answers[0]?.errors).toBeUndefined();
      for (const answer of answers) expect(answer).toStrictEqual(answers[0]);
      expect(executions).toBeGreaterThanOrEqual(1);
      expect(executions).toBeLessThan(16);
    });

    it("never share a query that is not one of the subgraph's shared reads", async () => {
      const query = '{ publishedAppPages(shopId: "no-such-shop") { id } }';
      await service.graphql(query);
      const before = await storesQueryExecutions();
      await Promise.all(Array.from({ length: 8 }, () => service.graphql(query)));
      expect((await storesQueryExecutions()) - before).toBe(8);
    });

    it('never share between different credentials', async () => {
      // Half anonymous, half the operator: at least one execution for each.
      const { answers, executions } = await concurrently(8, (i) => (i % 2 === 0 ? TEST_OPERATOR_TOKEN : undefined));
      for (const answer of answers) expect(answer.errors).toBeUndefined();
      expect(executions).toBeGreaterThanOrEqual(2);
    });
  },
);

describe('with SHARE_INFLIGHT_QUERIES=false', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { SHARE_INFLIGHT_QUERIES: 'false' } });
  });
  afterAll(() => service.close());

  it("runs every caller's query on its own", async () => {
    const query = '{ publicStores(prefecture: "13", pageSize: 5) { total items { id name } } }';
    await service.graphql(query);
    const before = await storesQueryExecutions();
    const answers = await Promise.all(Array.from({ length: 8 }, () => service.graphql(query)));
    for (const answer of answers) expect(answer).toStrictEqual(answers[0]);
    expect((await storesQueryExecutions()) - before).toBe(8);
  });
});
