/**
 * No double booking under concurrency: 50 createReservation calls for one resource and slot through
 * GraphQL, exactly one succeeds and 49 are CONFLICT slot_taken, one row in the table. On PostgreSQL
 * the contenders are released together after all of them have read (test/race.ts), so a
 * read-then-write check would let several through; the embedded database runs them one at a time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  at,
  createResource,
  localDate,
  openEveryDay,
  reserve,
  RESERVATION_SCOPES,
} from '../../../test/fixtures/reservations.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { type TestService } from '../../../test/harness.js';
import { releasedTogether } from '../../../test/race.js';

const CONTENDERS = 50;

let service: TestService;
let owner: Business;
let storeId: string;

beforeAll(async () => {
  service = await startOAuthService();
  owner = await business(service, await registerApp(service, RESERVATION_SCOPES), RESERVATION_SCOPES);
  storeId = await createStore(service, owner.businessAccountId);
  await openEveryDay(service, storeId, [{ opens: '10:00', closes: '20:00' }]);
});

/**
 * Runs every contender at once: on PostgreSQL released together once up to 8 of them wait at the lock
 * (the pool holds 10 connections; the rest wait for one), and at least two must have, so that all of
 * those read before any wrote; on the embedded database all in flight.
 */
async function race<T>(contenders: (() => Promise<T>)[]): Promise<T[]> {
  const url = service.env.databaseUrl;
  let settled: PromiseSettledResult<T>[];
  if (url) {
    const released = await releasedTogether(url, 'reservation', contenders, {
      waiters: Math.min(contenders.length, 8),
    });
    expect(released.waiting).toBeGreaterThanOrEqual(2);
    settled = released.results;
  } else settled = await Promise.allSettled(contenders.map((c) => c()));
  return settled.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return s.value;
  });
}

describe(`${CONTENDERS} concurrent bookings of one slot`, () => {
  it('exactly one succeeds, every other is CONFLICT slot_taken, and the table holds one row', async () => {
    const resource = await createResource(service, owner.token, { storeId });
    const startsAt = at(localDate(3), '12:00');
    const book = (n: number) => () =>
      reserve(service, owner.token, { resourceId: resource.id, startsAt, guestName: `客${n}` });
    const answers = await race(Array.from({ length: CONTENDERS }, (_, n) => book(n)));
    const won = answers.filter((a) => a.errors === undefined);
    const lost = answers.filter((a) => a.errors !== undefined).map((a) => a.errors![0]!.extensions);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(CONTENDERS - 1);
    for (const error of lost) expect(error).toMatchObject({ code: 'CONFLICT', reason: 'slot_taken' });
    const rows = await sql<{ id: string }>(service, 'select "id" from "reservation" where "resource_id" = ?', [
      resource.id,
    ]);
    expect(rows).toEqual([{ id: won[0]!.data!.createReservation.id }]);
  });

  it('of pairwise overlapping ranges: one succeeds, the others are CONFLICT slot_taken', async () => {
    const resource = await createResource(service, owner.token, { storeId, slotMinutes: 30 });
    const date = localDate(4);
    // Every pair overlaps (each holds 12:30 to 13:00), none is identical to another.
    const ranges = [
      ['12:00', '13:00'],
      ['12:30', '13:30'],
      ['12:30', '13:00'],
      ['11:30', '13:00'],
      ['12:00', '14:00'],
    ] as const;
    const answers = await race(
      ranges.map(
        ([from, to]) =>
          () =>
            reserve(service, owner.token, { resourceId: resource.id, startsAt: at(date, from), endsAt: at(date, to) }),
      ),
    );
    expect(answers.filter((a) => a.errors === undefined)).toHaveLength(1);
    const rows = await sql(service, 'select 1 from "reservation" where "resource_id" = ?', [resource.id]);
    expect(rows).toHaveLength(1);
  });
});
