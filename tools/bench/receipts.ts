/**
 * The receipt paths under load: GET last-receipt (closed loop, as fast as the connections go) and
 * POST terminal claim at a fixed arrival rate (open loop, evenly spaced: open-loop.ts), each claim of
 * a transaction of its own, after a warm-up at the same rate, then a correctness check in the database:
 * every transaction claimed exactly once, one audit row per claim, no other answer than 201.
 *
 * Terminals and their sales are inserted by SQL (setup, not measured); the claim tokens come from the
 * service's own last-receipt. The service runs with its rate limits raised (credentials.ts): counting
 * is still paid on every call, refusals would only measure the limiter.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { diagnosed, measureCommitFloor } from './diag.js';
import type { Target } from './load.js';
import type { OpenLoopResult } from './open-loop.js';
import { openLoopInProcess } from './open-loop-process.js';

/** What the receipt scenarios measured. */
export interface ReceiptMeasurement {
  readonly scenario: string;
  readonly rps: number;
  readonly p50: number;
  /** Open loop rows that quote it (the back office's rows). */
  readonly p95?: number;
  readonly p99: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  /** Open loop only: the generator's largest delay (ms) in sending a request after it was due. */
  readonly generatorLag?: number;
}

/** The check after the claim run. */
export interface ClaimCheck {
  readonly transactions: number;
  readonly claimedOnce: number;
  readonly auditRows: number;
}

export interface ReceiptBenchSettings {
  readonly connections: number;
  /** Seconds of the last-receipt run. */
  readonly duration: number;
  /** Seconds of the claim warm-up (same rate, transactions of its own, not measured). */
  readonly warmup: number;
  /** Claims per second of the claim run, which claims `claimRate * duration` transactions. */
  readonly claimRate: number;
}

const BENCH_PREFIX = 'BENCHRX';

/** Inserts `count` terminals with one fresh sale each in one store; their public ids. */
async function insertTerminalsWithSales(client: pg.Client, first: number, count: number): Promise<string[]> {
  const { rows } = await client.query<{ public_terminal_id: string }>(
    `with store as (select "id", "name" from "store" order by "id" limit 1),
     terminals as (
       insert into "terminal" ("id", "created_at", "updated_at", "public_terminal_id", "store_id", "allow_multiple_claims")
       select gen_random_uuid(), now(), now(), $1 || lpad(i::text, 8, '0'), store."id", false
       from generate_series($2::int, $2::int + $3::int - 1) as i, store
       returning "id", "public_terminal_id", "store_id")
     insert into "transaction" ("id", "created_at", "updated_at", "terminal_id", "store_id", "store_name", "total_amount",
       "subtotal_amount", "tax_amount", "taxes", "items", "occurred_at")
     select gen_random_uuid(), now(), now(), t."id", t."store_id", store."name", 1100, 1000, 100,
       '[{"rateBasisPoints":1000,"taxableAmount":1100,"taxAmount":100}]',
       '[{"name":"ベンチ弁当","unitPrice":1100,"quantity":1}]', now()
     from terminals t, store
     returning (select "public_terminal_id" from terminals where terminals."id" = "terminal_id")`,
    [BENCH_PREFIX, first, count],
  );
  return rows.map((row) => row.public_terminal_id);
}

/** Each terminal's claim token, from the service's last-receipt (20 at a time). */
async function claimTokens(service: Target, terminals: readonly string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < terminals.length; i += 20) {
    const batch = terminals.slice(i, i + 20).map(async (id) => {
      const response = await fetch(`${service.url}/api/v1/terminals/${id}/last-receipt`);
      if (response.status !== 200) throw new Error(`last-receipt ${id}: HTTP ${response.status}`);
      return ((await response.json()) as { claimToken: string }).claimToken;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

function openLoopMeasurement(scenario: string, r: OpenLoopResult): ReceiptMeasurement {
  return {
    scenario,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    requests: r.requests,
    non2xx: r.non2xx,
    errors: r.errors,
    generatorLag: r.maxSendLag,
  };
}

/** Claims each of `terminals` with its token in `tokens`, at `rate` per second, from a fresh process. */
function claimAll(service: Target, terminals: readonly string[], tokens: readonly string[], rate: number) {
  return openLoopInProcess({
    url: service.url,
    rate,
    timeoutMs: 10_000,
    requests: terminals.map((terminal, i) => ({
      method: 'POST',
      path: `/api/v1/terminals/${terminal}/claim`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ claimToken: tokens[i], channel: 'web' }),
    })),
  });
}

function measurement(scenario: string, r: Awaited<ReturnType<typeof autocannon>>): ReceiptMeasurement {
  return {
    scenario,
    rps: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs both scenarios against `service` over `databaseUrl`; throws on any failed request or a wrong count. */
export async function measureReceipts(
  service: Target,
  databaseUrl: string,
  settings: ReceiptBenchSettings,
): Promise<{ rows: ReceiptMeasurement[]; check: ClaimCheck }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const readTerminals = await insertTerminalsWithSales(client, 0, 200);
    const claimCount = Math.max(1, Math.round(settings.claimRate * settings.duration));
    const claimTerminals = await insertTerminalsWithSales(client, 1_000_000, claimCount);
    const warmupCount = Math.round(settings.claimRate * settings.warmup);
    const warmupTerminals = warmupCount > 0 ? await insertTerminalsWithSales(client, 2_000_000, warmupCount) : [];

    let next = 0;
    const read = await autocannon({
      url: service.url,
      connections: settings.connections,
      duration: settings.duration,
      timeout: 10,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/terminals/${readTerminals[next++ % readTerminals.length]}/last-receipt`,
          }),
        },
      ],
    });

    if (warmupTerminals.length > 0) {
      const warm = await claimAll(
        service,
        warmupTerminals,
        await claimTokens(service, warmupTerminals),
        settings.claimRate,
      );
      if (warm.non2xx > 0 || warm.errors > 0)
        throw new Error(`claim warm-up: ${JSON.stringify(warm.statuses)}, ${warm.errors} errors`);
    }
    const tokens = await claimTokens(service, claimTerminals);
    const claim = await diagnosed('claim run', databaseUrl, service.url, () =>
      claimAll(service, claimTerminals, tokens, settings.claimRate),
    );
    // Right after, at the same rate and for as long: one-row commits straight to the database.
    const floor = await measureCommitFloor(databaseUrl, settings.claimRate, claimCount);

    const { rows } = await client.query<{ transactions: number; claimed_once: number; audit_rows: number }>(
      `select count(*)::int as "transactions",
         count(*) filter (where t."claim_count" = 1)::int as "claimed_once",
         (select count(*)::int from "receipt_claim" c join "transaction" t2 on t2."id" = c."transaction_id"
            join "terminal" m2 on m2."id" = t2."terminal_id" where m2."public_terminal_id" = any($1)) as "audit_rows"
       from "transaction" t join "terminal" m on m."id" = t."terminal_id"
       where m."public_terminal_id" = any($1)`,
      [claimTerminals],
    );
    const row = rows[0]!;
    const check = { transactions: row.transactions, claimedOnce: row.claimed_once, auditRows: row.audit_rows };
    const results = [
      measurement('GET  last-receipt (200 terminals)', read),
      openLoopMeasurement(`POST terminal claim at ${settings.claimRate}/s`, claim),
      {
        scenario: `  beside it: bare INSERT commits (pg)`,
        rps: floor.rate,
        p50: floor.p50,
        p99: floor.p99,
        requests: floor.commits,
        non2xx: 0,
        errors: 0,
      },
    ];
    for (const m of results)
      if (m.non2xx > 0 || m.errors > 0) throw new Error(`${m.scenario}: ${m.non2xx} non-2xx and ${m.errors} errors`);
    if (check.claimedOnce !== claimCount || check.auditRows !== claimCount)
      throw new Error(`claims: ${JSON.stringify(check)} for ${claimCount} claims sent`);
    return { rows: results, check };
  } finally {
    await client.end();
  }
}
