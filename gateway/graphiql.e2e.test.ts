/**
 * `GET /graphql` from a browser is GraphiQL served by this process (its bundle, stylesheet and React
 * from node_modules, nothing from another host), in the one-process service and in the separate
 * gateway; POST /graphql still executes; in production there is no IDE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SUBGRAPHS } from '../subgraphs/index.js';
import type { SubgraphName } from '../subgraphs/kernel/env.js';
import { startSubgraphServer, type RunningSubgraph } from '../processes/subgraph/subgraph-service.js';
import { startTestService, type TestService } from '../test/harness.js';
import { hasPostgres } from '../test/requirements.js';
import { startGatewayService, type RunningGateway } from '../processes/gateway/gateway-service.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
// Five subgraph servers and a gateway beside the service: each holds its own database connections.
const separate = hasPostgres('graphiql.e2e.test (the separate gateway over in-process subgraph servers)');

let service: TestService;
const subgraphs: RunningSubgraph[] = [];
const gateways: RunningGateway[] = [];
beforeAll(async () => {
  service = await startTestService({ demoData: false });
  if (!separate) return;
  for (const module of ALL_SUBGRAPHS) subgraphs.push(await startSubgraphServer(module, service.env, { port: 0 }));
  const subgraphUrls = Object.fromEntries(
    ALL_SUBGRAPHS.map((m, i) => [m.name, `${subgraphs[i]?.url ?? ''}/graphql`]),
  ) as Record<SubgraphName, string>;
  gateways.push(await startGatewayService({ ...service.env, subgraphUrls }, 0));
  gateways.push(await startGatewayService({ ...service.env, subgraphUrls, nodeEnv: 'production' }, 0));
});
afterAll(async () => {
  for (const running of [...gateways, ...subgraphs]) await running.close();
});

/** The IDE page at `base`/graphql, and every asset it names, served by `base` itself. */
async function expectLocalIde(base: string): Promise<void> {
  const response = await fetch(`${base}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  const html = await response.text();
  expect(html).not.toMatch(/https?:\/\//);
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
  expect(assets).toEqual(
    expect.arrayContaining([
      '/graphiql/graphiql.min.js',
      '/graphiql/graphiql.min.css',
      '/graphiql/react.production.min.js',
      '/graphiql/react-dom.production.min.js',
      '/graphiql/init.js',
    ]),
  );
  for (const asset of assets) {
    const file = await fetch(`${base}${asset}`);
    expect(file.status, asset).toBe(200);
    expect(file.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
    expect((await file.text()).length, asset).toBeGreaterThan(asset.endsWith('init.js') ? 100 : 10_000);
  }
}

async function expectGraphQLAnswers(base: string): Promise<void> {
  const post = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  expect(post.status).toBe(200);
  expect(await post.json()).toEqual({ data: { __typename: 'Query' } });
  // A client that takes anything gets GraphQL, not the page.
  const get = await fetch(`${base}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
    headers: { accept: '*/*', 'apollo-require-preflight': 'true' },
  });
  expect(get.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
}

describe('the GraphQL IDE', () => {
  it('is served with its assets by the one-process service', async () => {
    await expectLocalIde(service.url);
  });

  it('leaves POST /graphql (and GET for non-browsers) to GraphQL', async () => {
    await expectGraphQLAnswers(service.url);
  });

  it.skipIf(!separate)('is served with its assets by the separate gateway, which still answers POST', async () => {
    await expectLocalIde(gateways[0]!.url);
    await expectGraphQLAnswers(gateways[0]!.url);
  });

  it.skipIf(!separate)('production gateway: no error suggests a name, over subgraphs that would', async () => {
    const submit =
      'mutation ($answers: [SurveyAnswerInput!]!) { submitSurveyResponse(token: "t", answers: $answers) { status } }';
    const cases = [
      { query: submit, variables: { answers: [{ questionId: 'q', choice: ['a'] }] } },
      { query: '{ publicStores(pageSize: 1) { totl } }' },
      { query: 'query ($r: StaffRole) { staffMembers(role: $r) { __typename } }', variables: { r: 'managr' } },
    ];
    for (const body of cases) {
      const response = await fetch(`${gateways[1]!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect(text).toContain('"errors"');
      expect(text).not.toMatch(/Did you mean|"choices"|"total"|"manager"/);
    }
  });

  it.skipIf(!separate)('is off in production (no introspection there): a browser gets no page', async () => {
    const response = await fetch(`${gateways[1]!.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    expect(response.headers.get('content-type')).not.toMatch(/html/);
    expect((await fetch(`${gateways[1]!.url}/graphiql/graphiql.min.js`)).status).toBe(404);
  });
});
