/**
 * The soak run (`BENCH_ONLY=soak npm run bench`): mixed read and claim traffic at a fixed arrival rate
 * for minutes against the service in its child process, sampled every 10 seconds (the service's RSS,
 * heap in use and event-loop delay, measured in the service; the request p99 of the window), then a
 * table, a chart file and the verdict whether memory stayed flat (soak-report.ts).
 *
 * Traffic, in a repeating cycle of five: three public store searches (a prefecture, a term in a
 * prefecture, a two-character term alone) and two receipt claims by terminal claim token, as the
 * receipt stage makes them (receipts.ts): a terminal and one sale each, inserted by SQL beforehand, its
 * token from the service's last-receipt. A claim token lives 10 minutes from its sale, so each sale is
 * dated when its claim is due (staggered over the run): a soak of any length claims only live tokens.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { OpenLoopRequest } from './open-loop.js';
import type { ServerProcess } from './serve.js';
import { soakLoadInProcess } from './soak-load.js';
import { flatnessVerdict, soakChartSvg, soakTable, verdictLine, type SoakSample } from './soak-report.js';

/** Seconds between samples (and the width of a p99 window). */
export const SOAK_WINDOW_S = 10;

export interface SoakSettings {
  /** Requests per second, all kinds together. */
  readonly rate: number;
  readonly minutes: number;
  /** Directory of the chart file. */
  readonly outDir: string;
}

/** What the soak run printed and wrote. */
export interface SoakOutcome {
  readonly report: string;
  readonly chartPath: string;
  readonly flat: boolean;
}

/** The soak settings from the environment: BENCH_SOAK_RATE (100/s), BENCH_SOAK_MINUTES (2), BENCH_SOAK_OUT (temp dir). */
export function readSoakSettings(env: NodeJS.ProcessEnv): SoakSettings {
  const rate = Number(env.BENCH_SOAK_RATE ?? 100);
  const minutes = Number(env.BENCH_SOAK_MINUTES ?? 2);
  if (!(rate > 0) || !Number.isFinite(rate)) throw new Error('BENCH_SOAK_RATE must be a positive number');
  // One sample is a window; a verdict needs two windows in the second half.
  if (!(minutes * 60 >= 4 * SOAK_WINDOW_S) || !Number.isFinite(minutes))
    throw new Error(`BENCH_SOAK_MINUTES must be at least ${(4 * SOAK_WINDOW_S) / 60}`);
  return { rate, minutes, outDir: env.BENCH_SOAK_OUT || tmpdir() };
}

const CYCLE = 5;
const SEARCHES = [
  '/api/v1/public/stores?prefecture=13',
  `/api/v1/public/stores?q=${encodeURIComponent('マート')}&prefecture=13`,
  `/api/v1/public/stores?q=${encodeURIComponent('渋谷')}`,
];

/** Whether request `i` of the cycle is a claim (the last two of every five). */
const isClaim = (i: number) => i % CYCLE >= SEARCHES.length;

/** Terminals with one sale each, sale `k` dated `k / claimsPerSecond` seconds from now; their public ids. */
async function insertClaimableSales(client: pg.Client, count: number, claimsPerSecond: number): Promise<string[]> {
  const { rows } = await client.query<{ public_terminal_id: string }>(
    `with store as (select "id", "name" from "store" order by "id" limit 1),
     terminals as (
       insert into "terminal" ("id", "created_at", "updated_at", "public_terminal_id", "store_id", "allow_multiple_claims")
       select gen_random_uuid(), now(), now(), 'SOAKRX' || lpad(i::text, 8, '0'), store."id", false
       from generate_series(0, $1::int - 1) as i, store
       returning "id", "public_terminal_id", "store_id")
     insert into "transaction" ("id", "created_at", "updated_at", "terminal_id", "store_id", "store_name", "total_amount",
       "subtotal_amount", "tax_amount", "taxes", "items", "occurred_at")
     select gen_random_uuid(), now(), now(), t."id", t."store_id", store."name", 1100, 1000, 100,
       '[{"rateBasisPoints":1000,"taxableAmount":1100,"taxAmount":100}]',
       '[{"name":"ソーク弁当","unitPrice":1100,"quantity":1}]',
       now() + make_interval(secs => substr(t."public_terminal_id", 7)::int / $2::float8)
     from terminals t, store
     returning (select "public_terminal_id" from terminals where terminals."id" = "terminal_id")`,
    [count, claimsPerSecond],
  );
  return rows.map((row) => row.public_terminal_id).sort();
}

/** Each terminal's claim token, from the service's last-receipt (20 at a time). */
async function claimTokens(url: string, terminals: readonly string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < terminals.length; i += 20) {
    const batch = terminals.slice(i, i + 20).map(async (id) => {
      const response = await fetch(`${url}/api/v1/terminals/${id}/last-receipt`);
      if (response.status !== 200) throw new Error(`last-receipt ${id}: HTTP ${response.status}`);
      return ((await response.json()) as { claimToken: string }).claimToken;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/** The run's requests in order: searches and claims interleaved (see the file's comment). */
async function soakRequests(service: ServerProcess, databaseUrl: string, total: number, rate: number) {
  const claimCount = Array.from({ length: total }, (_, i) => i).filter(isClaim).length;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let terminals: string[];
  try {
    terminals = await insertClaimableSales(client, claimCount, (rate * (CYCLE - SEARCHES.length)) / CYCLE);
  } finally {
    await client.end();
  }
  const tokens = await claimTokens(service.url, terminals);
  let claim = 0;
  return Array.from({ length: total }, (_, i): OpenLoopRequest => {
    if (!isClaim(i)) return { method: 'GET', path: SEARCHES[i % CYCLE]! };
    const k = claim++;
    return {
      method: 'POST',
      path: `/api/v1/terminals/${terminals[k]}/claim`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ claimToken: tokens[k], channel: 'web' }),
    };
  });
}

/** Runs the soak against `service` (whose database is `databaseUrl`) and writes the chart. */
export async function runSoak(service: ServerProcess, databaseUrl: string, settings: SoakSettings) {
  const windows = Math.floor((settings.minutes * 60) / SOAK_WINDOW_S);
  const total = Math.round(settings.rate * windows * SOAK_WINDOW_S);
  const requests = await soakRequests(service, databaseUrl, total, settings.rate);
  const sampled: { atS: number; sample: Awaited<ReturnType<ServerProcess['sample']>> }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let started = 0;
  const sampling: Promise<unknown>[] = [];
  const sampleNow = () => {
    const atS = (performance.now() - started) / 1000;
    return service.sample().then((sample) => sampled.push({ atS, sample }));
  };
  await service.sample(); // restarts the service's event-loop histogram: the first window starts clean
  const load = await soakLoadInProcess(
    { url: service.url, rate: settings.rate, windowS: SOAK_WINDOW_S, requests },
    () => {
      started = performance.now();
      timer = setInterval(() => {
        sampling.push(sampleNow());
        if (sampling.length >= windows) clearInterval(timer);
      }, SOAK_WINDOW_S * 1000);
    },
  ).finally(() => clearInterval(timer));
  // The last window's tick may come after the last answer: sample it now rather than drop it.
  while (sampling.length < windows) sampling.push(sampleNow());
  await Promise.all(sampling);
  sampled.sort((a, b) => a.atS - b.atS);
  const samples: SoakSample[] = sampled.map(({ atS, sample }, w) => ({
    atS,
    ...sample,
    p99Ms: load.windows[w]?.p99Ms ?? Number.NaN,
    requests: load.windows[w]?.requests ?? 0,
    failed: load.windows[w]?.failed ?? 0,
  }));
  const verdict = flatnessVerdict(samples);
  const failed = load.total.non2xx + load.total.errors;
  const caption = `${settings.rate} req/s for ${settings.minutes} min (3 searches : 2 claims); ${verdictLine(verdict)}`;
  const chartPath = path.join(settings.outDir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.svg`);
  writeFileSync(chartPath, soakChartSvg(samples, caption));
  const report = [
    soakTable(samples),
    `  whole run: ${load.total.requests} requests at ${load.total.rps.toFixed(1)}/s answered, p99 ${load.total.p99.toFixed(1)} ms, ` +
      `${failed} failed ${JSON.stringify(load.total.statuses)}, generator lag max ${load.total.maxSendLag.toFixed(1)} ms`,
    `  ${verdictLine(verdict)}`,
    `  chart: ${chartPath}`,
  ].join('\n');
  if (failed > 0) throw new Error(`soak: ${failed} requests failed ${JSON.stringify(load.total.statuses)}\n${report}`);
  return { report, chartPath, flat: verdict.flat } satisfies SoakOutcome;
}
