/**
 * Check-in recording at a fixed arrival rate: POST /api/v1/checkins from an open loop in a fresh
 * process (open-loop-process.ts), each request by a user of its own (a once-a-day campaign records
 * one check-in per user, store and local day), after a warm-up at the same rate by other users, then
 * a check in the database: one check_in row and one checkin.recorded outbox row per measured request.
 *
 * Setup, not measured: the users are inserted by SQL (anonymous accounts: no password hashing), each
 * gets a real access token through the authorization-code exchange of a first-party app on an
 * in-process service over the same database, and the campaign is inserted for a publicly listed
 * store of the loaded directory.
 */
import pg from 'pg';
import { startAllInOne } from '../../processes/all-in-one/all-in-one.js';
import { findClient, issueAuthorizationCode } from '../../subgraphs/identity/index.js';
import { rootEntityManager, type EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { benchServiceEnv, registerBenchApp } from './credentials.js';
import type { Target } from './load.js';
import { diagnosed } from './diag.js';
import { openLoopInProcess } from './open-loop-process.js';
import type { ReceiptMeasurement } from './receipts.js';

const REDIRECT_URI = 'https://bench.example/callback';
const CAMPAIGN_TOKEN = 'bench-checkin-campaign';
const SCOPES = ['user.profile.read'];

export interface CheckInBenchSettings {
  /** Check-ins per second. */
  readonly rate: number;
  /** Seconds measured: `rate * duration` check-ins, one user each. */
  readonly duration: number;
  /** Seconds of warm-up at the same rate (users of their own, not measured). */
  readonly warmup: number;
}

/** The check after the run: rows the measured requests left. */
export interface CheckInCheck {
  readonly sent: number;
  readonly checkIns: number;
  readonly events: number;
}

/** A campaign for a public store of the directory; its id. */
async function insertCampaign(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into "check_in_campaign" ("id", "created_at", "updated_at", "business_account_id", "store_id", "token", "name",
       "is_active", "allow_repeat_check_ins")
     select gen_random_uuid(), now(), now(), s."business_account_id", s."id", $1, 'ベンチ来店スタンプ', true, false
     from "store" s where s."is_public_listing" order by s."id" limit 1
     returning "id"`,
    [CAMPAIGN_TOKEN],
  );
  if (!rows[0]) throw new Error('check-in bench: no publicly listed store');
  return rows[0].id;
}

async function insertUsers(client: pg.Client, count: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into "user_account" ("id", "created_at", "updated_at", "is_anonymous")
     select gen_random_uuid(), now(), now(), true from generate_series(1, $1::int) returning "id"`,
    [count],
  );
  return rows.map((row) => row.id);
}

/** One access token per user, through the code exchange (20 at a time). */
async function mintTokens(url: string, em: EntityManager, userIds: readonly string[]): Promise<string[]> {
  const app = await registerBenchApp(url, 'Bench check-ins', REDIRECT_URI, SCOPES);
  const client = await findClient(em.fork(), app.clientId);
  if (!client) throw new Error('check-in bench: app not found');
  const mint = async (userId: string) => {
    const { code } = await issueAuthorizationCode(em.fork(), {
      client,
      userId,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
    });
    const response = await fetch(`${url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'authorization_code', ...app, code, redirectUri: REDIRECT_URI }),
    });
    const body = (await response.json()) as { accessToken?: string };
    if (!body.accessToken) throw new Error(`check-in bench: token exchange failed: ${JSON.stringify(body)}`);
    return body.accessToken;
  };
  const tokens: string[] = [];
  for (let i = 0; i < userIds.length; i += 20) tokens.push(...(await Promise.all(userIds.slice(i, i + 20).map(mint))));
  return tokens;
}

/** Sends one check-in per token at `rate` per second from a fresh process. */
function checkInAll(service: Target, tokens: readonly string[], rate: number) {
  return openLoopInProcess({
    url: service.url,
    rate,
    timeoutMs: 10_000,
    requests: tokens.map((token) => ({
      method: 'POST',
      path: '/api/v1/checkins',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ token: CAMPAIGN_TOKEN }),
    })),
  });
}

/** Runs the warm-up and the measured run against `service`; throws on a failed request or a wrong count. */
export async function measureCheckIns(
  service: Target,
  databaseUrl: string,
  settings: CheckInBenchSettings,
): Promise<{ row: ReceiptMeasurement; check: CheckInCheck }> {
  const sent = Math.max(1, Math.round(settings.rate * settings.duration));
  const warm = Math.round(settings.rate * settings.warmup);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const campaignId = await insertCampaign(client);
    const users = await insertUsers(client, warm + sent);
    const setup = await startAllInOne(benchServiceEnv(databaseUrl));
    let tokens: string[];
    try {
      tokens = await mintTokens(setup.url, rootEntityManager(setup.orm), users);
    } finally {
      await setup.close();
    }
    if (warm > 0) {
      const warmup = await checkInAll(service, tokens.slice(0, warm), settings.rate);
      if (warmup.non2xx > 0 || warmup.errors > 0)
        throw new Error(`check-in warm-up: ${JSON.stringify(warmup.statuses)}, ${warmup.errors} errors`);
    }
    const measured = users.slice(warm);
    const run = await diagnosed('check-in run', databaseUrl, service.url, () =>
      checkInAll(service, tokens.slice(warm), settings.rate),
    );
    const { rows } = await client.query<{ check_ins: number; events: number }>(
      `select (select count(*)::int from "check_in" where "campaign_id" = $1 and "user_id" = any($2::uuid[])) as "check_ins",
         (select count(*)::int from "outbox_event" where "type" = 'checkin.recorded' and "payload"->>'campaignId' = $1::text
            and ("payload"->>'userId') = any($2::text[])) as "events"`,
      [campaignId, measured],
    );
    const check = { sent, checkIns: rows[0]!.check_ins, events: rows[0]!.events };
    const row: ReceiptMeasurement = {
      scenario: `POST check-in at ${settings.rate}/s`,
      rps: run.rps,
      p50: run.p50,
      p99: run.p99,
      requests: run.requests,
      non2xx: run.non2xx,
      errors: run.errors,
      generatorLag: run.maxSendLag,
    };
    if (row.non2xx > 0 || row.errors > 0)
      throw new Error(`${row.scenario}: ${row.non2xx} non-2xx and ${row.errors} errors`);
    if (check.checkIns !== sent || check.events !== sent)
      throw new Error(`check-ins: ${JSON.stringify(check)} (each request must record one check-in and one event)`);
    return { row, check };
  } finally {
    await client.end();
  }
}
