/**
 * Bookable resources and their slots over GraphQL with a partner app's business token: create,
 * update and list (a Relay connection) resources of the business's own stores, and slots cut from the
 * store's business hours and special days, marked taken by reservations that hold time.
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
  RESERVATION_SCOPES,
  RESOURCE_FIELDS,
} from '../../../test/fixtures/reservations.fixtures.js';
import { business, failure, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let mine: Business;
let theirs: Business;
let myStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, RESERVATION_SCOPES);
  [mine, theirs] = [await business(service, app, RESERVATION_SCOPES), await business(service, app, RESERVATION_SCOPES)];
  myStore = await createStore(service, mine.businessAccountId);
  await openEveryDay(service, myStore, [
    { opens: '10:00', closes: '14:00' },
    { opens: '17:00', closes: '22:00' },
  ]);
});

const gql = (query: string, variables: Record<string, unknown>, token = mine.token) =>
  service.graphql<Record<string, Record<string, unknown>>>(query, variables, token);
const update = (input: Record<string, unknown>, token = mine.token) =>
  gql(
    `mutation($input: UpdateReservationResourceInput!) { updateReservationResource(input: $input) { ${RESOURCE_FIELDS} } }`,
    { input },
    token,
  );
const SLOTS = 'query($r: ID!, $d: String!) { reservationSlots(resourceId: $r, date: $d) { startsAt endsAt free } }';
const slots = async (resourceId: string, date: string) => {
  const answer = await gql(SLOTS, { r: resourceId, d: date });
  expect(answer.errors).toBeUndefined();
  return answer.data!.reservationSlots as unknown as { startsAt: string; endsAt: string; free: boolean }[];
};
interface ResourcePage {
  nodes: { id: string; name: string; store: { id: string } }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
}
const list = async (variables: Record<string, unknown>, token = mine.token): Promise<ResourcePage> =>
  (await gql(LIST, variables, token)).data!.reservationResources as unknown as ResourcePage;
const LIST = `query($storeId: ID, $first: Int, $after: String) { reservationResources(storeId: $storeId, first: $first, after: $after) {
  nodes { id name store { id } } pageInfo { hasNextPage hasPreviousPage endCursor } } }`;

describe('resources', () => {
  it('are created at the business’s own store, changed field by field, and listed page by page', async () => {
    const store = await createStore(service, mine.businessAccountId);
    const made = await createResource(service, mine.token, {
      storeId: store,
      name: ' 個室A ',
      kind: 'room',
      capacity: 8,
    });
    expect(made).toMatchObject({
      businessAccountId: mine.businessAccountId,
      storeId: store,
      name: '個室A',
      kind: 'room',
      capacity: 8,
      slotMinutes: 60,
      bufferMinutes: 0,
      active: true,
    });
    const changed = await update({ id: made.id, capacity: 6, bufferMinutes: 15, active: false });
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.updateReservationResource).toMatchObject({
      name: '個室A',
      capacity: 6,
      bufferMinutes: 15,
      active: false,
    });

    const second = await createResource(service, mine.token, { storeId: store, name: 'カウンター1', kind: 'seat' });
    const third = await createResource(service, mine.token, { storeId: store, name: 'テーブル2' });
    const page1 = await list({ storeId: store, first: 2 });
    expect(page1.nodes.map((n) => n.id)).toEqual([made.id, second.id]);
    expect(page1.nodes[0]!.store).toEqual({ id: store });
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const page2 = await list({ storeId: store, first: 2, after: page1.pageInfo.endCursor });
    expect(page2.nodes.map((n) => n.id)).toEqual([third.id]);
    expect(page2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(failure(await gql(LIST, { after: 'nope' }))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('name every invalid field and store nothing', async () => {
    const count = () => sql(service, 'select count(*)::int as n from "reservation_resource"');
    const before = await count();
    const answer = await gql(
      `mutation($input: CreateReservationResourceInput!) { createReservationResource(input: $input) { id } }`,
      { input: { storeId: myStore, name: ' ', kind: 'table', capacity: 101, slotMinutes: 4, bufferMinutes: 241 } },
    );
    expect(failure(answer)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    const paths = (failure(answer)!.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(['name', 'capacity', 'slotMinutes', 'bufferMinutes']);
    expect(await count()).toEqual(before);
    const made = await createResource(service, mine.token, { storeId: myStore });
    expect(failure(await update({ id: made.id, capacity: 0, kind: null }))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('the operator creates one at any store, for the store’s business', async () => {
    const made = await createResource(service, TEST_OPERATOR_TOKEN, { storeId: myStore });
    expect(made.businessAccountId).toBe(mine.businessAccountId);
    const theirList = await list({ first: 100 }, theirs.token);
    expect(theirList.nodes.map((n) => n.id)).not.toContain(made.id);
  });
});

describe('slots', () => {
  it('are cut from each opening interval, buffer apart, in the store’s time zone', async () => {
    const day = localDate(3);
    const hourly = await createResource(service, mine.token, { storeId: myStore });
    const list = await slots(hourly.id, day);
    expect(list.map((s) => s.startsAt)).toEqual(
      ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00', '21:00'].map((t) => at(day, t)),
    );
    expect(list[0]).toEqual({ startsAt: at(day, '10:00'), endsAt: at(day, '11:00'), free: true });
    const buffered = await createResource(service, mine.token, {
      storeId: myStore,
      slotMinutes: 90,
      bufferMinutes: 30,
    });
    expect((await slots(buffered.id, day)).map((s) => [s.startsAt, s.endsAt])).toEqual([
      [at(day, '10:00'), at(day, '11:30')],
      [at(day, '12:00'), at(day, '13:30')],
      [at(day, '17:00'), at(day, '18:30')],
      [at(day, '19:00'), at(day, '20:30')],
    ]);
  });

  it('follow special days: none on a closed day, the day’s own hours otherwise', async () => {
    const resource = await createResource(service, mine.token, { storeId: myStore });
    const [closed, short] = [localDate(5), localDate(6)];
    const special = `mutation($s: ID!, $d: String!, $c: Boolean!, $i: [BusinessHoursIntervalInput!]) {
      setStoreSpecialDay(storeId: $s, date: $d, closed: $c, intervals: $i) { storeId } }`;
    await gql(special, { s: myStore, d: closed, c: true }, TEST_OPERATOR_TOKEN);
    await gql(
      special,
      { s: myStore, d: short, c: false, i: [{ opens: '12:00', closes: '14:30' }] },
      TEST_OPERATOR_TOKEN,
    );
    expect(await slots(resource.id, closed)).toEqual([]);
    expect((await slots(resource.id, short)).map((s) => s.startsAt)).toEqual([at(short, '12:00'), at(short, '13:00')]);
  });

  it('are taken by reservations that hold time, and freed by cancelling', async () => {
    const day = localDate(4);
    const resource = await createResource(service, mine.token, { storeId: myStore });
    const long = await createReservation(service, mine.token, {
      resourceId: resource.id,
      startsAt: at(day, '11:00'),
      endsAt: at(day, '13:00'),
    });
    const free = async () => (await slots(resource.id, day)).filter((s) => !s.free).map((s) => s.startsAt);
    expect(await free()).toEqual([at(day, '11:00'), at(day, '12:00')]);
    await gql('mutation($id: ID!) { cancelReservation(id: $id) { id } }', { id: long.id });
    expect(await free()).toEqual([]);
  });

  it('refuse a date that is not a date, in the past or more than 366 days ahead', async () => {
    const resource = await createResource(service, mine.token, { storeId: myStore });
    for (const date of ['2026-02-30', 'tomorrow', localDate(-1), localDate(367)]) {
      const answer = await gql(SLOTS, { r: resource.id, d: date });
      expect(failure(answer), date).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'date' }] });
    }
    expect(await slots(resource.id, localDate(366))).toHaveLength(9);
  });
});
