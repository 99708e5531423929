/**
 * Reservations over GraphQL with a partner app's business token: booking on the slot grid within
 * opening hours, no overlap on a resource (adjacent is fine, cancelling frees the time), changes
 * under the same guarantee, every status transition of the table, and validation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  at,
  createReservation,
  createResource,
  localDate,
  openEveryDay,
  reserve,
  RESERVATION_FIELDS,
  RESERVATION_SCOPES,
} from '../../../test/fixtures/reservations.fixtures.js';
import { business, failure, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { type TestService } from '../../../test/harness.js';
import { RESERVATION_TRANSITIONS, ReservationStatus } from './reservation-status.js';

let service: TestService;
let mine: Business;
let myStore: string;
const day = localDate(2);

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, RESERVATION_SCOPES);
  mine = await business(service, app, RESERVATION_SCOPES);
  myStore = await createStore(service, mine.businessAccountId);
  await openEveryDay(service, myStore, [{ opens: '09:00', closes: '21:00' }]);
});

const gql = (query: string, variables: Record<string, unknown>) =>
  service.graphql<Record<string, Record<string, unknown>>>(query, variables, mine.token);
const change = (input: Record<string, unknown>) =>
  gql(`mutation($input: ChangeReservationInput!) { changeReservation(input: $input) { ${RESERVATION_FIELDS} } }`, {
    input,
  });
const setStatus = (id: string, status: string) =>
  gql('mutation($id: ID!, $s: ReservationStatus!) { setReservationStatus(id: $id, status: $s) { id status } }', {
    id,
    s: status,
  });
const resource = (input: Record<string, unknown> = {}) =>
  createResource(service, mine.token, { storeId: myStore, ...input });
const book = (resourceId: string, from: string, to?: string, extra: Record<string, unknown> = {}) =>
  reserve(service, mine.token, {
    resourceId,
    startsAt: at(day, from),
    ...(to ? { endsAt: at(day, to) } : {}),
    ...extra,
  });
const slotTaken = { code: 'CONFLICT', reason: 'slot_taken' };

describe('booking', () => {
  it('books a slot, answering the reservation with its store and resource', async () => {
    const table = await resource({ name: '窓際テーブル' });
    const answer = await gql(
      `mutation($input: CreateReservationInput!) { createReservation(input: $input) {
        ${RESERVATION_FIELDS} store { id name } resource { id name } } }`,
      {
        input: {
          resourceId: table.id,
          startsAt: at(day, '18:00'),
          partySize: 4,
          guestName: ' 佐藤 花子 ',
          guestPhone: '090-1234-5678',
          guestEmail: 'hanako@example.test',
          note: '誕生日',
          customerId: '01900000-0000-7000-8000-00000000abcd',
        },
      },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.createReservation).toMatchObject({
      businessAccountId: mine.businessAccountId,
      storeId: myStore,
      resourceId: table.id,
      startsAt: at(day, '18:00'),
      endsAt: at(day, '19:00'),
      partySize: 4,
      guestName: '佐藤 花子',
      status: 'booked',
      store: { id: myStore, name: 'レシート商店' },
      resource: { id: table.id, name: '窓際テーブル' },
    });
  });

  it('refuses overlapping ranges, allows adjacent ones, and a cancelled reservation frees its time', async () => {
    const table = await resource();
    const first = await createReservation(service, mine.token, {
      resourceId: table.id,
      startsAt: at(day, '10:00'),
      endsAt: at(day, '12:00'),
    });
    expect(failure(await book(table.id, '11:00'))).toMatchObject(slotTaken);
    expect(failure(await book(table.id, '09:00', '11:00'))).toMatchObject(slotTaken);
    expect(failure(await book(table.id, '10:00', '12:00'))).toMatchObject(slotTaken);
    expect((await book(table.id, '12:00')).errors).toBeUndefined();
    expect((await book(table.id, '09:00')).errors).toBeUndefined();
    await gql('mutation($id: ID!) { cancelReservation(id: $id) { status } }', { id: first.id });
    expect((await book(table.id, '10:00', '12:00')).errors).toBeUndefined();
    const rows = await sql<{ status: string }>(
      service,
      `select "status" from "reservation" where "resource_id" = ? order by "starts_at", "status"`,
      [table.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['booked', 'booked', 'cancelled', 'booked']);
  });

  it('needs a range on the slot grid within opening hours, a party that fits and valid guest fields', async () => {
    const table = await resource({ capacity: 2 });
    const fieldsOf = (answer: Awaited<ReturnType<typeof book>>) =>
      (failure(answer)?.errors as { path: string }[] | undefined)?.map((e) => e.path);
    expect(fieldsOf(await book(table.id, '10:30'))).toEqual(['startsAt']);
    expect(fieldsOf(await book(table.id, '20:00', '22:00'))).toEqual(['startsAt']);
    expect(fieldsOf(await book(table.id, '07:00'))).toEqual(['startsAt']);
    expect(fieldsOf(await book(table.id, '10:00', '09:00'))).toEqual(['endsAt']);
    expect(fieldsOf(await book(table.id, '10:00', undefined, { partySize: 3 }))).toEqual(['partySize']);
    const past = await reserve(service, mine.token, { resourceId: table.id, startsAt: at(localDate(-2), '10:00') });
    expect(fieldsOf(past)).toEqual(['endsAt']);
    const far = await reserve(service, mine.token, { resourceId: table.id, startsAt: at(localDate(400), '10:00') });
    expect(fieldsOf(far)).toEqual(['startsAt']);
    const guest = {
      guestName: ' ',
      guestPhone: 'call me',
      guestEmail: 'nope',
      note: 'x'.repeat(1001),
      customerId: 'x',
    };
    expect(fieldsOf(await book(table.id, '10:00', undefined, guest))).toEqual([
      'guestName',
      'guestPhone',
      'guestEmail',
      'note',
      'customerId',
    ]);
    await gql('mutation($i: UpdateReservationResourceInput!) { updateReservationResource(input: $i) { id } }', {
      i: { id: table.id, active: false },
    });
    expect(failure(await book(table.id, '10:00'))).toMatchObject({ code: 'CONFLICT', reason: 'resource_inactive' });
    expect(await sql(service, 'select 1 from "reservation" where "resource_id" = ?', [table.id])).toEqual([]);
  });
});

describe('changing a reservation', () => {
  it('moves it to free time or another resource, never onto held time', async () => {
    const [a, b] = [await resource(), await resource({ capacity: 6 })];
    const moving = await createReservation(service, mine.token, { resourceId: a.id, startsAt: at(day, '13:00') });
    await createReservation(service, mine.token, { resourceId: a.id, startsAt: at(day, '15:00') });
    await createReservation(service, mine.token, { resourceId: b.id, startsAt: at(day, '13:00') });
    expect(failure(await change({ id: moving.id, startsAt: at(day, '15:00') }))).toMatchObject(slotTaken);
    expect(failure(await change({ id: moving.id, endsAt: at(day, '16:00') }))).toMatchObject(slotTaken);
    expect(failure(await change({ id: moving.id, resourceId: b.id }))).toMatchObject(slotTaken);
    expect(failure(await change({ id: moving.id, partySize: 5 }))).toMatchObject({ code: 'BAD_USER_INPUT' });
    const moved = await change({ id: moving.id, resourceId: b.id, startsAt: at(day, '14:00'), partySize: 5 });
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.changeReservation).toMatchObject({
      resourceId: b.id,
      startsAt: at(day, '14:00'),
      endsAt: at(day, '15:00'),
      partySize: 5,
    });
    const longer = await change({ id: moving.id, endsAt: at(day, '16:00') });
    expect(longer.data!.changeReservation).toMatchObject({ startsAt: at(day, '14:00'), endsAt: at(day, '16:00') });
    expect((await book(a.id, '13:00')).errors).toBeUndefined();
  });

  it('is refused once the party has arrived or the reservation is over', async () => {
    const table = await resource();
    const seated = await createReservation(service, mine.token, { resourceId: table.id, startsAt: at(day, '19:00') });
    await setStatus(seated.id, 'seated');
    expect(failure(await change({ id: seated.id, partySize: 1 }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'reservation_not_changeable',
    });
  });
});

describe('statuses', () => {
  const path: Record<ReservationStatus, ReservationStatus[]> = {
    booked: [],
    confirmed: [ReservationStatus.confirmed],
    seated: [ReservationStatus.seated],
    completed: [ReservationStatus.seated, ReservationStatus.completed],
    cancelled: [ReservationStatus.cancelled],
    no_show: [ReservationStatus.no_show],
  };
  const statuses = Object.values(ReservationStatus);

  it('follow the transition table: every allowed move succeeds, every other one is CONFLICT invalid_transition', async () => {
    const table = await resource({ slotMinutes: 5 });
    let minute = 9 * 60;
    const reservationIn = async (status: ReservationStatus) => {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      minute += 5;
      const made = await createReservation(service, mine.token, { resourceId: table.id, startsAt: at(day, time) });
      for (const step of path[status]) expect((await setStatus(made.id, step)).errors).toBeUndefined();
      return made.id;
    };
    let refused = 0;
    for (const from of statuses) {
      const id = await reservationIn(from);
      for (const to of statuses.filter((s) => s !== from && !RESERVATION_TRANSITIONS[from].includes(s))) {
        expect(failure(await setStatus(id, to)), `${from} -> ${to}`).toMatchObject({
          code: 'CONFLICT',
          reason: 'invalid_transition',
        });
        refused++;
      }
      expect((await gql('query($id: ID!) { reservation(id: $id) { status } }', { id })).data!.reservation).toEqual({
        status: from,
      });
      for (const to of RESERVATION_TRANSITIONS[from]) {
        const answer = await setStatus(await reservationIn(from), to);
        expect(answer.data?.setReservationStatus, `${from} -> ${to}`).toMatchObject({ status: to });
      }
      expect((await setStatus(id, from)).data?.setReservationStatus, `${from} stays`).toMatchObject({ status: from });
    }
    // 36 pairs, less 6 that stay and the 8 moves of the table.
    expect(refused).toBe(36 - 6 - 8);
  });
});
