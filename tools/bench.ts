/**
 * `npm run bench`: the public store search at 100,000 stores, through the REST facade, as GraphQL,
 * and against a hand-written express + pg baseline, on loopback, in one bounded run.
 *
 * Steps: a fresh `bench_<random>` database (dropped at the end, also on failure), migrations, bulk
 * load and VACUUM ANALYZE, the service (startAllInOne) and the baseline each in a child process, a
 * same-answer check, autocannon per scenario, the receipt paths, the shop app manifest and posts reads
 * (full 200 and ETag-revalidated 304), a stage-by-stage timing of one request, the cost of
 * checking an access token, the CPU time of QR PNG and PDF rendering, check-in recording at a fixed
 * rate (open loop, one user per check-in), the event pipeline (webhook commit-to-delivery latency at a
 * fixed rate, live subscription fan-out: bench/events.ts, on a service of its own that may deliver to
 * the bench's loopback receiver), the separate topology's @apollo/gateway against Hive Gateway over the same
 * subgraph processes (bench/gateway-compare.ts), EXPLAIN of the search's statements as the service issues them, and
 * the scale sweep (search and consumer history lists at growing row counts: bench/scale.ts).
 *
 * Settings (environment, all optional): DATABASE_URL (admin URL; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_STORES (100000), BENCH_CONNECTIONS (20),
 * BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_CLAIM_RATE (200 claims/s), BENCH_CHECKIN_RATE (100
 * check-ins/s, for BENCH_DURATION seconds), BENCH_EVENT_RATE (500 outbox events/s for the webhook row, for
 * BENCH_DURATION seconds after BENCH_WARMUP seconds at the same rate), BENCH_SUBSCRIBERS (1000
 * graphql-ws sockets for the fan-out row), BENCH_FANOUT_RATE (20 events/s to them, for BENCH_DURATION
 * seconds after BENCH_WARMUP seconds), BENCH_Q (マート), BENCH_CPU_PROFILE_DIR (write `--cpu-prof`
 * profiles of the servers there; the event stage's service as service-events.cpuprofile), BENCH_ONLY (`checkins`: only the check-in stage, no baseline; with a
 * small BENCH_STORES it takes well under a minute; `receipts`: only the receipt stage, last-receipt and claims, on a
 * service that served nothing before; `pkpass`: only the .pkpass generation row, no database; `events`: only the
 * webhook and fan-out rows, on a fresh service, a small BENCH_STORES will do; `gateway`: only the gateway comparison,
 * a small BENCH_STORES will do; `idle`: only `npm start`'s RSS at rest (first start and restart on an embedded database,
 * after BENCH_IDLE_SECONDS (30) idle: bench/idle-rss.ts); `scale`: only the scale sweep,
 * bench/scale.ts; `search`: only the two search groups and the per-stage table; `soak`: mixed search and claim traffic at
 * BENCH_SOAK_RATE (100/s) for BENCH_SOAK_MINUTES (2) on a fresh service, sampled every 10 s, with a chart written to
 * BENCH_SOAK_OUT (the OS temp dir) and a verdict whether memory stayed flat: bench/soak.ts), BENCH_SCALE_SIZES
 * (10000,100000,1000000: the sweep's row counts, on a database of its own), BENCH_SCALE_REQUESTS (100 sequential
 * requests per query and size), BENCH_GATEWAY_ROUNDS (3) and BENCH_GATEWAY_DURATION (8 s per gateway, query and
 * round; BENCH_WARMUP seconds of warm-up before the first round), BENCH_DIAG=1 (print what PostgreSQL's backends
 * waited on and the service's largest event-loop delay during the claim run: bench/diag.ts). The back office
 * (bench/back-office.ts): BENCH_PRODUCTS (50000 products of the searched business), BENCH_PRODUCT_RATE (50
 * searches and barcode lookups/s) and BENCH_RESERVATION_RATE (25 createReservation calls/s), each for
 * BENCH_DURATION seconds after BENCH_WARMUP seconds at the same rate; BENCH_ONLY=products or
 * BENCH_ONLY=reservations runs only that stage on a fresh service, without the store directory. Sales
 * reports (bench/sales-report.ts): BENCH_SALES_TRANSACTIONS (1000000 till sales over 365 days, loaded by
 * SQL) and BENCH_SALES_REQUESTS (30 sequential calls per query); BENCH_ONLY=sales runs only that row.
 * Segments (bench/segments.ts): BENCH_SEGMENT_TRANSACTIONS (1000000) and BENCH_SEGMENT_CUSTOMERS (100000) generated
 * rows, one segment's member count and first page timed with its plan; BENCH_ONLY=segments runs only that.
 */
import pg from 'pg';
import { SAME_SQL_PREFIX } from './bench/baseline.js';
import { explainSearch, trigramFacts, type SearchPlans } from './bench/explain.js';
import { createBenchDatabase, loadStores, type BenchDatabase } from './bench/database.js';
import {
  graphqlScenario,
  measure,
  restScenario,
  verifySameAnswer,
  type LoadSettings,
  type Measurement,
  type SearchQuery,
} from './bench/load.js';
import { latencyRow, planReport, stageReport, throughputTable, trigramReport } from './bench/report.js';
import { spawnServer, type ServerProcess } from './bench/serve.js';
import { measureStages } from './bench/stages.js';
import { segmentStage, type SegmentBenchSettings } from './bench/segments.js';
import { measureQrRendering } from './bench/qr-render.js';
import { measureTokenCheck } from './bench/token-check.js';
import { measureReceipts } from './bench/receipts.js';
import { measureSalesReport, type SalesBenchSettings } from './bench/sales-report.js';
import { appContentReport, measureAppContent } from './bench/app-content.js';
import { measureCheckIns } from './bench/check-ins.js';
import { gatewayReport, measureGateways } from './bench/gateway-compare.js';
import { freePort } from './bench/gateway-topology.js';
import { idleRssReport, measureIdleRss } from './bench/idle-rss.js';
import { measurePkpassGeneration, PKPASS_TARGET_MS } from './bench/pkpass-render.js';
import { readSoakSettings, runSoak } from './bench/soak.js';
import {
  createEventBusiness,
  fanOutReport,
  measureSubscriptionFanOut,
  measureWebhookDelivery,
  webhookReport,
} from './bench/events.js';
import { readScaleSizes, runScaleSweep, type ScaleSettings } from './bench/scale.js';
import { productSearchStage, reservationBookingStage, type BackOfficeSettings } from './bench/back-office.js';

/** The ORM's pool size: createOrm's default, which startAllInOne uses. The baseline gets the same. */
const ORM_POOL_SIZE = 10;

interface BenchOptions {
  readonly adminUrl: string;
  readonly stores: number;
  readonly load: Omit<LoadSettings, 'databaseUrl'>;
  readonly q: string;
  readonly cpuProfileDir: string | undefined;
  readonly claimRate: number;
  readonly checkInRate: number;
  readonly eventRate: number;
  readonly subscribers: number;
  readonly fanOutRate: number;
  readonly gatewayRounds: number;
  readonly gatewayDuration: number;
  /**
   * `checkins`, `receipts` or `events`: run only that stage on a fresh service; `pkpass`: only the
   * .pkpass generation row.
   */
  readonly only:
    | 'checkins'
    | 'receipts'
    | 'pkpass'
    | 'events'
    | 'scale'
    | 'soak'
    | 'search'
    | 'gateway'
    | 'idle'
    | 'products'
    | 'reservations'
    | 'sales'
    | 'segments'
    | undefined;
  /** Seconds `npm start` sits idle before its RSS is quoted. */
  readonly idleSeconds: number;
  readonly scale: Omit<ScaleSettings, 'adminUrl' | 'poolSize' | 'cpuProfileDir'>;
  readonly backOffice: BackOfficeSettings;
  readonly sales: SalesBenchSettings;
  readonly segments: SegmentBenchSettings;
}

function readOnly(value: string | undefined): BenchOptions['only'] {
  if (!value) return undefined;
  const stages = [
    'checkins',
    'receipts',
    'pkpass',
    'events',
    'scale',
    'soak',
    'search',
    'gateway',
    'idle',
    'products',
    'reservations',
    'sales',
    'segments',
  ] as const;
  const stage = stages.find((s) => s === value);
  if (stage) return stage;
  throw new Error(`BENCH_ONLY must be ${stages.join(', ')} (or unset)`);
}

function readOptions(env: NodeJS.ProcessEnv): BenchOptions {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
    return value;
  };
  const positive = (name: string, fallback: number) => {
    const value = num(name, fallback);
    if (value === 0) throw new Error(`${name} must be positive`);
    return value;
  };
  const duration = num('BENCH_DURATION', 10);
  const warmup = num('BENCH_WARMUP', 2);
  return {
    adminUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    stores: num('BENCH_STORES', 100_000),
    load: {
      connections: num('BENCH_CONNECTIONS', 20),
      duration,
      warmup,
    },
    q: env.BENCH_Q || 'マート',
    cpuProfileDir: env.BENCH_CPU_PROFILE_DIR || undefined,
    claimRate: num('BENCH_CLAIM_RATE', 200),
    checkInRate: num('BENCH_CHECKIN_RATE', 100),
    eventRate: positive('BENCH_EVENT_RATE', 500),
    subscribers: Math.round(positive('BENCH_SUBSCRIBERS', 1000)),
    fanOutRate: positive('BENCH_FANOUT_RATE', 20),
    gatewayRounds: Math.round(positive('BENCH_GATEWAY_ROUNDS', 3)),
    gatewayDuration: positive('BENCH_GATEWAY_DURATION', 8),
    only: readOnly(env.BENCH_ONLY),
    idleSeconds: Math.round(positive('BENCH_IDLE_SECONDS', 30)),
    scale: {
      sizes: readScaleSizes(env.BENCH_SCALE_SIZES),
      requests: Math.round(positive('BENCH_SCALE_REQUESTS', 100)),
    },
    backOffice: {
      products: Math.round(positive('BENCH_PRODUCTS', 50_000)),
      productRate: positive('BENCH_PRODUCT_RATE', 50),
      reservationRate: positive('BENCH_RESERVATION_RATE', 25),
      duration,
      warmup,
    },
    sales: {
      transactions: Math.round(positive('BENCH_SALES_TRANSACTIONS', 1_000_000)),
      requests: Math.round(positive('BENCH_SALES_REQUESTS', 30)),
    },
    segments: {
      transactions: Math.round(positive('BENCH_SEGMENT_TRANSACTIONS', 1_000_000)),
      customers: Math.round(positive('BENCH_SEGMENT_CUSTOMERS', 100_000)),
    },
  };
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Verifies then measures facade, GraphQL and baseline for one search. */
async function measureGroup(
  label: string,
  query: SearchQuery,
  service: ServerProcess,
  baseline: ServerProcess,
  load: LoadSettings,
) {
  const scenarios = [
    restScenario(`facade GET  ${label}`, service, query),
    graphqlScenario(`graphql POST ${label}`, service, query),
    restScenario(`baseline GET ${label}`, baseline, query),
    // The same process, answering with the service's own statements: the facade's overhead alone.
    restScenario(`baseline, service's SQL`, { ...baseline, url: `${baseline.url}${SAME_SQL_PREFIX}` }, query),
  ];
  const page = await verifySameAnswer(scenarios);
  say(`  ${label}: all four answer total=${page.total}, ${page.items.length} items on page 1; measuring...`);
  const rows: Measurement[] = [];
  for (const s of scenarios) rows.push(await measure(s, load));
  return { baseline: rows[2]!, rows, sameSql: rows[3]! };
}

/** EXPLAIN of the service's statements for several kinds of Japanese term, and filter-only. */
async function explainSearches(url: string, q: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const terms = [...new Set([q, '渋谷', 'サクラマート', '新宿中央'])];
    say(
      '\nEXPLAIN (ANALYZE, BUFFERS) of page 1 (30 rows) and the count, as the service issues them (values inlined, as em.execute sends them):',
    );
    say(trigramReport(await trigramFacts(client, terms)));
    const queries: SearchQuery[] = [
      ...terms.map((t) => ({ q: t, prefecture: '13' })),
      // Without a prefecture: a two- and a one-character term (the substring index of migration 0031).
      { q: '渋谷' },
      { q: '駅' },
      { prefecture: '13' },
    ];
    const plans: SearchPlans[] = [];
    for (const query of queries) plans.push(await explainSearch(client, query));
    say(planReport(plans));
  } finally {
    await client.end();
  }
}

/** Check-in recording at BENCH_CHECKIN_RATE for BENCH_DURATION seconds, after BENCH_WARMUP seconds of warm-up. */
async function checkInStage(service: ServerProcess, databaseUrl: string, options: BenchOptions): Promise<void> {
  const { duration, warmup } = options.load;
  const { row, check } = await measureCheckIns(service, databaseUrl, { rate: options.checkInRate, duration, warmup });
  say(
    `\nCheck-in recording at a fixed rate (POST /api/v1/checkins, evenly spaced arrivals from a fresh process, latency from each one's due time, one user each, once-a-day campaign, after ${warmup} s of warm-up check-ins):`,
  );
  say(latencyRow(row));
  say(
    `  checked in the database: ${check.checkIns} check-ins and ${check.events} checkin.recorded events for ${check.sent} sent`,
  );
}

/**
 * The event pipeline's rows on a service of their own: its Env lets webhooks go to the bench's
 * loopback receiver (production refuses private receivers), so no other service may run its
 * dispatcher over the database meanwhile (it would refuse the receiver and schedule a retry).
 */
async function eventsStage(
  options: BenchOptions,
  databaseUrl: string,
  cleanups: (() => Promise<void>)[],
  previous?: ServerProcess,
): Promise<void> {
  const { duration, warmup } = options.load;
  // The previous service stops while this one starts (nothing is measured meanwhile, and no endpoint
  // exists yet that its dispatcher could try): the run is shorter by its shutdown.
  const [service] = await Promise.all([
    spawnServer('service', {
      databaseUrl,
      poolSize: ORM_POOL_SIZE,
      cpuProfileDir: options.cpuProfileDir,
      allowPrivateReceivers: true,
    }),
    previous?.stop(),
  ]);
  // Also on SIGINT (main's cleanups); stopping twice is harmless.
  cleanups.push(() => service.stop());
  try {
    const business = await createEventBusiness(service, databaseUrl);
    say(
      `\nEvent pipeline, commit to delivery (a fresh service (startAllInOne, loopback receivers allowed) at ${service.url}; outbox_event rows of one business, each committed on its own by a fresh bench process, evenly spaced, after ${warmup} s of warm-up at the same rate):`,
    );
    say(
      webhookReport(
        await measureWebhookDelivery(service, databaseUrl, business, { rate: options.eventRate, duration, warmup }),
      ),
    );
    say(
      fanOutReport(
        await measureSubscriptionFanOut(service, databaseUrl, business, {
          subscribers: options.subscribers,
          rate: options.fanOutRate,
          duration,
          warmup,
        }),
      ),
    );
  } finally {
    await service.stop();
  }
}

/** The receipt paths: last-receipt closed loop, then claims at a fixed rate with the database check. */
async function receiptsStage(
  service: ServerProcess,
  databaseUrl: string,
  load: Omit<LoadSettings, 'databaseUrl'> & { readonly claimRate: number },
): Promise<void> {
  const { connections, duration, warmup, claimRate } = load;
  const receipts = await measureReceipts(service, databaseUrl, { connections, duration, warmup, claimRate });
  say(
    `\nReceipts (last-receipt: ${connections} connections, closed loop; claims: evenly spaced arrivals from a fresh process, latency from each one's due time, one transaction each, after ${warmup} s of warm-up claims):`,
  );
  for (const m of receipts.rows) say(latencyRow(m));
  say(
    `  claims checked in the database: ${receipts.check.claimedOnce} of ${receipts.check.transactions} transactions claimed exactly once, ${receipts.check.auditRows} audit rows`,
  );
}

/** BENCH_ONLY=receipts: the database, a fresh service and the receipt stage, nothing else. */
async function runReceiptsOnly(options: BenchOptions, database: BenchDatabase, cleanups: (() => Promise<void>)[]) {
  const service = await spawnServer('service', {
    databaseUrl: database.url,
    poolSize: ORM_POOL_SIZE,
    cpuProfileDir: options.cpuProfileDir,
  });
  cleanups.push(() => service.stop());
  say(`service (startAllInOne) at ${service.url}; BENCH_ONLY=receipts`);
  await receiptsStage(service, database.url, { ...options.load, claimRate: options.claimRate });
}

/** BENCH_ONLY=checkins: the database, the service and the check-in stage, nothing else. */
async function runCheckInsOnly(options: BenchOptions, database: BenchDatabase, cleanups: (() => Promise<void>)[]) {
  const service = await spawnServer('service', {
    databaseUrl: database.url,
    poolSize: ORM_POOL_SIZE,
    cpuProfileDir: options.cpuProfileDir,
  });
  cleanups.push(() => service.stop());
  say(`service (startAllInOne) at ${service.url}; BENCH_ONLY=checkins`);
  await checkInStage(service, database.url, options);
}

/** BENCH_ONLY=products or reservations: the database, a fresh service and that back office stage, nothing else. */
async function runBackOfficeOnly(
  options: BenchOptions,
  database: BenchDatabase,
  cleanups: (() => Promise<void>)[],
): Promise<void> {
  const service = await spawnServer('service', {
    databaseUrl: database.url,
    poolSize: ORM_POOL_SIZE,
    cpuProfileDir: options.cpuProfileDir,
  });
  cleanups.push(() => service.stop());
  say(`service (startAllInOne) at ${service.url}; BENCH_ONLY=${options.only}`);
  const stage = options.only === 'products' ? productSearchStage : reservationBookingStage;
  await stage(service, database.url, options.backOffice, say);
}

/** The 30-day sales report over BENCH_SALES_TRANSACTIONS till sales (bench/sales-report.ts). */
async function salesStage(service: ServerProcess, databaseUrl: string, options: BenchOptions): Promise<void> {
  const result = await measureSalesReport(service, databaseUrl, options.sales);
  say(
    `\nSales report, 30 Tokyo days (POST /graphql, a business token with sales.read; ${options.sales.transactions} till sales over 365 days and 20 stores loaded by SQL in ${result.loadSeconds.toFixed(1)} s, 9 in 10 with their paid order; ${result.inRange} sales in the range; ${options.sales.requests} sequential calls each after one checked call):`,
  );
  for (const t of result.timings)
    say(`  ${t.label.padEnd(48)} median ${t.medianMs.toFixed(1)} ms  p90 ${t.p90Ms.toFixed(1)} ms`);
  say("  EXPLAIN (ANALYZE, BUFFERS) of the report's statement (by day, all stores) as the service issues it:");
  say(result.plan);
}

/** BENCH_ONLY=sales: the database, a fresh service and the sales report row, nothing else. */
async function runSalesOnly(options: BenchOptions, database: BenchDatabase, cleanups: (() => Promise<void>)[]) {
  const service = await spawnServer('service', { databaseUrl: database.url, poolSize: ORM_POOL_SIZE });
  cleanups.push(() => service.stop());
  say(`service (startAllInOne) at ${service.url}; BENCH_ONLY=sales`);
  await salesStage(service, database.url, options);
}

/** BENCH_ONLY=soak: the database, a fresh service and the soak run (bench/soak.ts), nothing else. */
async function runSoakOnly(database: BenchDatabase, cleanups: (() => Promise<void>)[]) {
  const settings = readSoakSettings(process.env);
  const service = await spawnServer('service', { databaseUrl: database.url, poolSize: ORM_POOL_SIZE });
  cleanups.push(() => service.stop());
  say(
    `service (startAllInOne) at ${service.url}; BENCH_ONLY=soak: ${settings.rate} req/s (3 searches : 2 claims) for ${settings.minutes} min, sampled every 10 s:`,
  );
  say((await runSoak(service, database.url, settings)).report);
}

/** The separate topology: @apollo/gateway against Hive Gateway over the same subgraph processes. */
async function gatewayStage(options: BenchOptions, databaseUrl: string): Promise<void> {
  const { connections, warmup } = options.load;
  const { gatewayRounds: rounds, gatewayDuration: duration } = options;
  say(
    `\nSeparate topology, @apollo/gateway (processes/gateway) vs Hive Gateway (gateway-runtime over the committed supergraph), each its own process over the same five subgraph processes, and the one-process topology beside them; ours with SHARE_INFLIGHT_QUERIES=${process.env.SHARE_INFLIGHT_QUERIES ?? 'true (the default: identical in-flight shared reads share one execution, as Hive Gateway shares in-flight queries by default)'}; ${connections} connections, ${rounds} alternating rounds of ${duration} s per gateway and query (${warmup} s warm-up in the first):`,
  );
  const { rows, items } = await measureGateways({
    connections,
    warmup,
    duration,
    rounds,
    databaseUrl,
    cpuProfileDir: options.cpuProfileDir,
    poolSize: ORM_POOL_SIZE,
  });
  say(`  all three answer the same (${items.join(' and ')} items on page 1); measured:`);
  say(gatewayReport(rows));
}

/** `npm start`'s resident memory at rest, embedded database, first start and restart (bench/idle-rss.ts). */
async function idleRssStage(options: BenchOptions): Promise<void> {
  say(
    `\nnpm start at rest (package.json's start command, embedded PostgreSQL, demo data, a temp data directory; RSS from /proc after ${options.idleSeconds} s idle):`,
  );
  say(idleRssReport(await measureIdleRss(await freePort(), options.idleSeconds), options.idleSeconds));
}

/** The Apple Wallet pass row: CPU ms per signed .pkpass after warm-up, against its target. */
function pkpassRow(): void {
  say('\nApple Wallet pass generation, CPU time per pass (20 warm-up passes, then the mean of 200, this process):');
  const cost = measurePkpassGeneration(200);
  say(`  ${cost.name.padEnd(58)} ${cost.cpuMs.toFixed(3)} ms (target <= ${PKPASS_TARGET_MS} ms)`);
}

/** The scale sweep on a database and a service of its own. */
function scaleStage(options: BenchOptions, cleanups: (() => Promise<void>)[]): Promise<void> {
  const { adminUrl, cpuProfileDir } = options;
  return runScaleSweep({ ...options.scale, adminUrl, poolSize: ORM_POOL_SIZE, cpuProfileDir }, say, cleanups);
}

/** The per-stage table of one facade search (prefecture=13). */
async function searchStages(databaseUrl: string, baseline: ServerProcess): Promise<void> {
  say('\nWhere a facade request goes (prefecture=13; the service in this process, the baseline in its own):');
  say(stageReport(await measureStages(databaseUrl, { prefecture: '13' }, baseline, 250)));
}

async function run(options: BenchOptions, cleanups: (() => Promise<void>)[]): Promise<void> {
  const started = performance.now();
  if (options.only === 'pkpass') return pkpassRow();
  if (options.only === 'idle') return idleRssStage(options);
  if (options.only === 'scale') return scaleStage(options, cleanups);
  const database: BenchDatabase = await createBenchDatabase(options.adminUrl);
  cleanups.push(() => database.drop());
  say(`database ${database.name} created and migrated`);
  if (options.only === 'products' || options.only === 'reservations')
    return runBackOfficeOnly(options, database, cleanups);
  if (options.only === 'sales') return runSalesOnly(options, database, cleanups);
  if (options.only === 'segments') return segmentStage(database.url, options.segments, say);
  const loaded = await loadStores(database.url, options.stores);
  say(
    `loaded ${loaded.stores} stores (${loaded.visible} publicly visible) and ${loaded.businesses} business accounts in ${loaded.seconds.toFixed(1)} s`,
  );
  say(
    `VACUUM ANALYZE store, business_account in ${loaded.vacuumSeconds.toFixed(1)} s (as autovacuum would have on a production table: sets the visibility map, so index-only scans skip the heap)`,
  );
  if (options.only === 'checkins') return runCheckInsOnly(options, database, cleanups);
  if (options.only === 'receipts') return runReceiptsOnly(options, database, cleanups);
  if (options.only === 'events') return eventsStage(options, database.url, cleanups);
  if (options.only === 'soak') return runSoakOnly(database, cleanups);
  if (options.only === 'gateway') return gatewayStage(options, database.url);

  const load: LoadSettings = { ...options.load, databaseUrl: database.url };
  // No sharing of in-flight queries (on by default for shared reads): the baseline shares none either.
  const spawn = { databaseUrl: database.url, poolSize: ORM_POOL_SIZE, cpuProfileDir: options.cpuProfileDir };
  const [service, baseline] = await Promise.all([
    spawnServer('service', { ...spawn, shareInflightQueries: false }),
    spawnServer('baseline', spawn),
  ]);
  cleanups.push(
    () => service.stop(),
    () => baseline.stop(),
  );
  say(
    `service (startAllInOne with SHARE_INFLIGHT_QUERIES=false: each request runs its own query, as in the baseline) at ${service.url}, baseline (express + pg, pool ${ORM_POOL_SIZE}) at ${baseline.url}`,
  );
  const { connections, duration, warmup } = load;
  say(
    `load: ${connections} connections, ${warmup} s warm-up + ${duration} s measured per scenario, servers in their own processes`,
  );

  const groups = [
    await measureGroup(`q=${options.q}&prefecture=13`, { q: options.q, prefecture: '13' }, service, baseline, load),
    await measureGroup('prefecture=13', { prefecture: '13' }, service, baseline, load),
  ];
  say(`\n${throughputTable(groups)}`);
  for (const [label, group] of [
    [`q=${options.q}&prefecture=13`, groups[0]!],
    ['prefecture=13', groups[1]!],
  ] as const)
    say(
      `  ${label}: facade vs the baseline on the service's SQL ${(group.rows[0]!.rps / group.sameSql.rps).toFixed(2)}x throughput, ${(group.rows[0]!.serverCpuMs / group.sameSql.serverCpuMs).toFixed(2)}x server CPU per request`,
    );
  if (options.only === 'search') return searchStages(database.url, baseline);
  await receiptsStage(service, database.url, { ...load, claimRate: options.claimRate });
  await checkInStage(service, database.url, options);
  await productSearchStage(service, database.url, options.backOffice, say);
  await reservationBookingStage(service, database.url, options.backOffice, say);
  await salesStage(service, database.url, options);
  await segmentStage(database.url, options.segments, say);
  const appContent = await measureAppContent(service, database.url, { connections, duration, warmup });
  say(
    `\nShop app content (${appContent.shopId}: 3 stores, a membership card, 20 published posts; ${connections} connections, closed loop, ${warmup} s warm-up each; 304 rows send If-None-Match with the current ETag):`,
  );
  say(appContentReport(appContent.rows));
  await eventsStage(options, database.url, cleanups, service);
  await gatewayStage(options, database.url);
  await searchStages(database.url, baseline);
  say('\nThe cost of checking an access token (sequential, medians of 300, this process):');
  for (const cost of await measureTokenCheck(database.url, 300))
    say(`  ${cost.name.padEnd(58)} ${cost.medianMs.toFixed(3)} ms`);
  say('\nQR rendering, CPU time per render (first render once, then medians of 100 after warm-up, this process):');
  for (const cost of await measureQrRendering(100)) say(`  ${cost.name.padEnd(58)} ${cost.cpuMs.toFixed(3)} ms`);
  pkpassRow();
  await idleRssStage(options);
  await explainSearches(database.url, options.q);
  // Minutes of steady traffic on a quiet machine, on a fresh service: a run of its own, not a row here.
  say(
    '\nMemory over time: BENCH_ONLY=soak npm run bench (fixed-rate soak, samples every 10 s, chart, flatness verdict)',
  );
  await baseline.stop();
  await scaleStage(options, cleanups);
  say(`\nwhole run ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  const options = readOptions(process.env);
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch((e: unknown) => say(`cleanup failed: ${String(e)}`));
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    await run(options, cleanups);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
