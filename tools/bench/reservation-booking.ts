/**
 * Reservation booking at a fixed arrival rate: GraphQL `createReservation` by a partner app's business
 * token, POST /graphql on the one-process service, from an open loop in a fresh process
 * (open-loop-process.ts), after a warm-up at the same rate on slots of its own. Most requests book a
 * distinct free slot; every COLLIDE_EVERY-th asks for the slot of the request just before it, which
 * may still be in flight (the exclusion constraint decides: one of the two wins).
 *
 * Checked afterwards: every distinct slot was booked, each contended slot by exactly one request with
 * the other answered CONFLICT slot_taken; every success is one row in the database and no other rows
 * were written; and no two reservations of a resource that hold time overlap (a self-join that must
 * return 0).
 *
 * Setup, not measured: the business and its token (business-token.ts, store.reservations.write), a
 * store open 10:00-22:00 every day and RESOURCES tables of 30-minute slots, inserted by SQL.
 */
import pg from 'pg';
import { addDays, localDateTime, zonedInstant } from '../../subgraphs/stores/business-hours/business-hours.js';
import { HOLDING_STATUSES } from '../../subgraphs/stores/reservation/reservation-status.js';
import { createBenchBusiness } from './business-token.js';
import type { Target } from './load.js';
import type { OpenLoopRequest } from './open-loop.js';
import { openLoopInProcess } from './open-loop-process.js';
import type { ReceiptMeasurement } from './receipts.js';

const ZONE = 'Asia/Tokyo';
const RESOURCES = 20;
const OPENS_MINUTE = 10 * 60;
const SLOT_MINUTES = 30;
const SLOTS_PER_DAY = 24;
/** Every COLLIDE_EVERY-th request repeats the slot of the one before it. */
export const COLLIDE_EVERY = 10;

const CREATE = 'mutation($i: CreateReservationInput!) { createReservation(input: $i) { id } }';

export interface ReservationBookingSettings {
  /** Requests per second. */
  readonly rate: number;
  readonly duration: number;
  readonly warmup: number;
}

/** The database check after the run (warm-up included). */
export interface BookingCheck {
  readonly booked: number;
  readonly conflicts: number;
  /** Rows of the bench business in `reservation`. */
  readonly rows: number;
  /** Rows whose id a success answered. */
  readonly rowsOfSuccesses: number;
  /** Pairs of time-holding reservations of one resource that overlap: must be 0. */
  readonly overlaps: number;
}

export interface ReservationBookingResult {
  readonly row: ReceiptMeasurement;
  /** The service's CPU time per measured request (its process: GraphQL, ORM, everything). */
  readonly serviceCpuMsPerRequest: number;
  /** Contended slots in the measured run, and requests in all (warm-up included) by outcome. */
  readonly contended: number;
  readonly check: BookingCheck;
}

/** The slot of distinct target `u`: a resource, and a start 2+ days ahead (consecutive targets on other resources). */
function slotOf(u: number, resources: readonly string[], firstDate: string): { resourceId: string; startsAt: string } {
  const slot = Math.floor(u / RESOURCES);
  const date = addDays(firstDate, Math.floor(slot / SLOTS_PER_DAY));
  const minute = OPENS_MINUTE + (slot % SLOTS_PER_DAY) * SLOT_MINUTES;
  return { resourceId: resources[u % RESOURCES]!, startsAt: new Date(zonedInstant(date, minute, ZONE)).toISOString() };
}

/** Request i's distinct target: a colliding request shares the previous request's. */
const targetOf = (i: number) => i - Math.floor((i + 1) / COLLIDE_EVERY);

async function insertStoreAndResources(client: pg.Client, businessAccountId: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
       "store_type", "address", "is_public_listing")
     values (gen_random_uuid(), now(), now(), $1, 'ベンチ食堂 渋谷店', 'ベンチショクドウ シブヤテン', '13', 'restaurant',
       '東京都渋谷区道玄坂1-1-1', false) returning "id"`,
    [businessAccountId],
  );
  const storeId = rows[0]!.id;
  await client.query(
    `insert into "store_weekly_hours" ("id", "created_at", "updated_at", "store_id", "weekday", "intervals")
     select gen_random_uuid(), now(), now(), $1, d, '[{"opens":"10:00","closes":"22:00"}]'::jsonb from generate_series(1, 7) d`,
    [storeId],
  );
  const resources = await client.query<{ id: string }>(
    `insert into "reservation_resource" ("id", "created_at", "updated_at", "business_account_id", "store_id", "name", "kind",
       "capacity", "slot_minutes", "buffer_minutes", "active")
     select gen_random_uuid(), now(), now(), $1, $2, 'テーブル' || n, 'table', 4, $3, 0, true
     from generate_series(1, $4::int) n order by n returning "id"`,
    [businessAccountId, storeId, SLOT_MINUTES, RESOURCES],
  );
  return resources.rows.map((r) => r.id);
}

interface Answer {
  data?: { createReservation?: { id: string } } | null;
  errors?: { extensions?: { code?: string; reason?: string } }[];
}

/**
 * Outcomes of requests `first`.. (their bodies in order): the ids booked and the conflicts; throws
 * unless each distinct slot has exactly one success and every other request for it was slot_taken.
 */
function outcomes(bodies: readonly string[], first: number): { ids: string[]; conflicts: number; contended: number } {
  const byTarget = new Map<number, { won: number; lost: number }>();
  const ids: string[] = [];
  let conflicts = 0;
  bodies.forEach((text, k) => {
    const answer = JSON.parse(text) as Answer;
    const group = byTarget.get(targetOf(first + k)) ?? { won: 0, lost: 0 };
    byTarget.set(targetOf(first + k), group);
    const id = answer.data?.createReservation?.id;
    const error = answer.errors?.[0]?.extensions;
    if (id && !answer.errors) {
      ids.push(id);
      group.won += 1;
    } else if (error?.code === 'CONFLICT' && error.reason === 'slot_taken') {
      conflicts += 1;
      group.lost += 1;
    } else throw new Error(`reservation booking: request ${first + k}: ${text.slice(0, 300)}`);
  });
  for (const [target, group] of byTarget)
    if (group.won !== 1) throw new Error(`reservation booking: slot ${target} booked ${group.won} times`);
  return { ids, conflicts, contended: [...byTarget.values()].filter((g) => g.lost > 0).length };
}

async function checkDatabase(
  client: pg.Client,
  businessAccountId: string,
  ids: readonly string[],
  conflicts: number,
): Promise<BookingCheck> {
  const holding = HOLDING_STATUSES.map((s) => `'${s}'`).join(', ');
  const { rows } = await client.query<{ rows: number; of_successes: number; overlaps: number }>(
    `select (select count(*)::int from "reservation" where "business_account_id" = $1) as "rows",
       (select count(*)::int from "reservation" where "id" = any($2::uuid[])) as "of_successes",
       (select count(*)::int from "reservation" a join "reservation" b
          on a."resource_id" = b."resource_id" and a."id" < b."id" and a."during" && b."during"
        where a."business_account_id" = $1 and a."status" in (${holding}) and b."status" in (${holding})) as "overlaps"`,
    [businessAccountId, ids],
  );
  const r = rows[0]!;
  const check = { booked: ids.length, conflicts, rows: r.rows, rowsOfSuccesses: r.of_successes, overlaps: r.overlaps };
  if (check.rows !== check.booked || check.rowsOfSuccesses !== check.booked || check.overlaps !== 0)
    throw new Error(`reservation booking: database check failed: ${JSON.stringify(check)}`);
  return check;
}

/** Sets up, runs the warm-up and the measured run, checks every answer and the database. */
export async function measureReservationBooking(
  service: Target,
  databaseUrl: string,
  settings: ReservationBookingSettings,
): Promise<ReservationBookingResult> {
  const business = await createBenchBusiness(service, databaseUrl, {
    name: 'ベンチ食堂 株式会社',
    appName: 'Bench reservations',
    scopes: ['store.reservations.write'],
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const resources = await insertStoreAndResources(client, business.businessAccountId);
    const firstDate = addDays(localDateTime(new Date(), ZONE).date, 2);
    const request = (i: number): OpenLoopRequest => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${business.token}` },
      body: JSON.stringify({
        query: CREATE,
        variables: { i: { ...slotOf(targetOf(i), resources, firstDate), partySize: 2, guestName: `ベンチ 太郎${i}` } },
      }),
    });
    const run = (count: number, first: number) =>
      openLoopInProcess({
        url: service.url,
        rate: settings.rate,
        timeoutMs: 10_000,
        keepBodies: true,
        requests: Array.from({ length: count }, (_, k) => request(first + k)),
      });
    // The warm-up ends on a whole group, so no slot is contended across the two runs.
    const warm = Math.ceil((settings.rate * settings.warmup) / COLLIDE_EVERY) * COLLIDE_EVERY;
    const warmOutcomes = warm > 0 ? outcomes((await run(warm, 0)).bodies ?? [], 0) : { ids: [], conflicts: 0 };
    const cpuBefore = (await service.cpuMs?.()) ?? Number.NaN;
    const measured = await run(Math.max(1, Math.round(settings.rate * settings.duration)), warm);
    const serviceCpuMs = ((await service.cpuMs?.()) ?? Number.NaN) - cpuBefore;
    if (measured.non2xx > 0 || measured.errors > 0)
      throw new Error(`reservation booking: ${JSON.stringify(measured.statuses)}, ${measured.errors} errors`);
    const measuredOutcomes = outcomes(measured.bodies ?? [], warm);
    const check = await checkDatabase(
      client,
      business.businessAccountId,
      [...warmOutcomes.ids, ...measuredOutcomes.ids],
      warmOutcomes.conflicts + measuredOutcomes.conflicts,
    );
    const row: ReceiptMeasurement = {
      scenario: `POST createReservation at ${settings.rate}/s`,
      rps: measured.rps,
      p50: measured.p50,
      p95: measured.p95,
      p99: measured.p99,
      requests: measured.requests,
      non2xx: measured.non2xx,
      errors: measured.errors,
      generatorLag: measured.maxSendLag,
    };
    const serviceCpuMsPerRequest = serviceCpuMs / measured.requests;
    return { row, serviceCpuMsPerRequest, contended: measuredOutcomes.contended, check };
  } finally {
    await client.end();
  }
}
