/**
 * The shop app content rows under load: GET /api/v1/apps/{shopId}/manifest and
 * GET /api/v1/apps/{shopId}/posts?take=20, each read in full (200, no If-None-Match) and revalidated
 * (If-None-Match with the current strong ETag, answered 304 No Content). Closed loop, as fast as
 * the connections go, after a warm-up of the same scenario.
 *
 * The app is set up through the operator's GraphQL API at the service (setup, not measured): a shop
 * app showing 3 publicly listed stores of one business of the bench dataset, a membership card and 20
 * published posts. Every scenario must answer only its expected status, warm-up included; anything
 * else (a 200 where a 304 was expected, an error, a timeout) fails the run.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_OPERATOR_TOKEN } from './credentials.js';
import type { Target } from './load.js';

/** What one app content scenario measured. */
export interface AppContentMeasurement {
  readonly scenario: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  /** Responses by HTTP status over the measured run, e.g. `{ '304': 12345 }`. */
  readonly statuses: Readonly<Record<string, number>>;
}

export interface AppContentBenchSettings {
  readonly connections: number;
  /** Seconds measured per scenario. */
  readonly duration: number;
  /** Seconds of unmeasured load first, per scenario. */
  readonly warmup: number;
}

/** The public shopId of the bench app (the database is fresh for each run). */
export const BENCH_SHOP_ID = 'bench-app';
const POST_COUNT = 20;

/** One operator GraphQL call to the service; throws on any error. */
async function operator(service: Target, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_OPERATOR_TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (response.status !== 200 || body.errors)
    throw new Error(`app setup: HTTP ${response.status}: ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
  return body.data;
}

/** The first business of the dataset with 3 publicly listed stores, and those stores. */
async function businessWithStores(databaseUrl: string): Promise<{ business: string; stores: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ business: string; stores: string[] }>(
      `select "business_account_id" as "business", (array_agg("id" order by "id"))[1:3]::text[] as "stores"
       from "store" where "is_public_listing" group by "business_account_id"
       having count(*) >= 3 order by "business_account_id" limit 1`,
    );
    if (!rows[0]) throw new Error('app setup: no business of the dataset has 3 publicly listed stores');
    return rows[0];
  } finally {
    await client.end();
  }
}

const CARD = {
  ranks: [
    { code: 'regular', name: 'レギュラー', minPoints: 0, color: '#8A8A8A', benefits: ['ポイント 1%'] },
    { code: 'silver', name: 'シルバー', minPoints: 500, color: '#C0C0C0', benefits: ['ポイント 2%'] },
    { code: 'gold', name: 'ゴールド', minPoints: 2000, color: '#D4AF37', benefits: ['ポイント 3%', '誕生月クーポン'] },
  ],
  pointRules: { yenPerPoint: 100, pointsOnSignUp: 100, pointsPerVisit: 5, expiryMonths: 12 },
  design: { backgroundColor: '#FFFFFF', foregroundColor: '#222222', labelColor: '#777777', barcodeFormat: 'qr' },
};

/** Creates the bench app, its card and its published posts; the app's shopId. */
async function setUpApp(service: Target, databaseUrl: string): Promise<string> {
  const { business, stores } = await businessWithStores(databaseUrl);
  await operator(service, 'mutation($input: CreateShopAppInput!) { createShopApp(input: $input) { shopId } }', {
    input: { shopId: BENCH_SHOP_ID, name: 'ベンチ商店アプリ', businessAccountId: business, storeIds: stores },
  });
  await operator(
    service,
    'mutation($shopId: String!, $input: MembershipCardConfigInput!) { setMembershipCardConfig(shopId: $shopId, input: $input) { enabled } }',
    { shopId: BENCH_SHOP_ID, input: CARD },
  );
  for (let i = 1; i <= POST_COUNT; i++)
    await operator(service, 'mutation($input: CreateAppPostInput!) { createAppPost(input: $input) { id } }', {
      input: {
        shopId: BENCH_SHOP_ID,
        status: 'Published',
        title: `お知らせ 第${i}号`,
        body: `本日のおすすめは季節の野菜です。\n営業時間は 10:00〜21:00 です。ご来店をお待ちしております。(${i})`,
        ...(i % 2 === 0 ? { imageUrl: `https://cdn.example/bench/post-${i}.jpg` } : {}),
      },
    });
  return BENCH_SHOP_ID;
}

/** Reads `path` once; its strong ETag, after checking the answer is what the scenarios expect. */
async function currentETag(service: Target, path: string, check: (body: unknown) => string | undefined) {
  const response = await fetch(`${service.url}${path}`);
  const body: unknown = await response.json();
  const etag = response.headers.get('etag');
  if (response.status !== 200 || !etag) throw new Error(`${path}: HTTP ${response.status}, ETag ${String(etag)}`);
  const problem = check(body);
  if (problem) throw new Error(`${path}: ${problem}`);
  const again = await fetch(`${service.url}${path}`, { headers: { 'if-none-match': etag } });
  if (again.status !== 304) throw new Error(`${path}: HTTP ${again.status} to its own ETag, not 304`);
  return etag;
}

/** A scenario: one GET repeated, and the only status it may answer. */
interface ContentScenario {
  readonly name: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly expected: number;
}

/** Status tally of an autocannon run, e.g. `{ '200': 120 }`. */
function statusTally(result: Awaited<ReturnType<typeof autocannon>>): Record<string, number> {
  return Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, s]) => [status, s.count]));
}

/** Throws unless every request of the run completed with the scenario's status. */
function assertOnly(s: ContentScenario, phase: string, result: Awaited<ReturnType<typeof autocannon>>): void {
  const tally = statusTally(result);
  const unexpected = Object.keys(tally).filter((status) => status !== String(s.expected));
  if (unexpected.length > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${s.name} (${phase}): expected only ${s.expected}, got ${JSON.stringify(tally)}, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
}

async function measureScenario(
  service: Target,
  s: ContentScenario,
  settings: AppContentBenchSettings,
): Promise<AppContentMeasurement> {
  const options = {
    url: `${service.url}${s.path}`,
    method: 'GET' as const,
    headers: s.headers,
    connections: settings.connections,
    timeout: 10,
  };
  if (settings.warmup > 0) assertOnly(s, 'warm-up', await autocannon({ ...options, duration: settings.warmup }));
  const r = await autocannon({ ...options, duration: settings.duration });
  assertOnly(s, 'measured', r);
  return {
    scenario: s.name,
    rps: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    statuses: statusTally(r),
  };
}

/** Sets up the bench app on `service`, then measures the four scenarios; throws on any unexpected answer. */
export async function measureAppContent(
  service: Target,
  databaseUrl: string,
  settings: AppContentBenchSettings,
): Promise<{ shopId: string; rows: AppContentMeasurement[] }> {
  const shopId = await setUpApp(service, databaseUrl);
  const manifest = `/api/v1/apps/${shopId}/manifest`;
  const posts = `/api/v1/apps/${shopId}/posts?take=${POST_COUNT}`;
  const manifestTag = await currentETag(service, manifest, (body) => {
    const count = (body as { stores?: unknown[] }).stores?.length;
    return count === 3 ? undefined : `${String(count)} stores in the manifest, not 3`;
  });
  const postsTag = await currentETag(service, posts, (body) => {
    const count = (body as { items?: unknown[] }).items?.length;
    return count === POST_COUNT ? undefined : `${String(count)} posts, not ${POST_COUNT}`;
  });
  const scenarios: ContentScenario[] = [
    { name: 'GET  manifest (200)', path: manifest, headers: {}, expected: 200 },
    {
      name: 'GET  manifest, If-None-Match (304)',
      path: manifest,
      headers: { 'if-none-match': manifestTag },
      expected: 304,
    },
    { name: `GET  posts?take=${POST_COUNT} (200)`, path: posts, headers: {}, expected: 200 },
    {
      name: `GET  posts?take=${POST_COUNT}, If-None-Match (304)`,
      path: posts,
      headers: { 'if-none-match': postsTag },
      expected: 304,
    },
  ];
  const rows: AppContentMeasurement[] = [];
  for (const s of scenarios) rows.push(await measureScenario(service, s, settings));
  return { shopId, rows };
}

/** The rows as the bench prints them, then the 304 vs 200 throughput of each path. */
export function appContentReport(rows: readonly AppContentMeasurement[]): string {
  const lines = rows.map(
    (m) =>
      `  ${m.scenario.padEnd(40)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50.toFixed(1)} ms  p99 ${m.p99.toFixed(1)} ms  (${m.requests} requests: ${Object.entries(
        m.statuses,
      )
        .map(([status, count]) => `${status}×${count}`)
        .join(', ')})`,
  );
  const ratio = (full: AppContentMeasurement | undefined, revalidated: AppContentMeasurement | undefined) =>
    full && revalidated && full.rps > 0 ? `${(revalidated.rps / full.rps).toFixed(2)}×` : 'n/a';
  lines.push(
    `  304 vs 200 throughput: manifest ${ratio(rows[0], rows[1])}, posts?take=${POST_COUNT} ${ratio(rows[2], rows[3])}`,
  );
  return lines.join('\n');
}
