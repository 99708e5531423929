/**
 * The reservations list over GraphQL: a Relay connection by start time then id, filtered, and a page
 * of reservations with their store and resource at a constant number of queries (DataLoaders).
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
} from '../../../test/fixtures/reservations.fixtures.js';
import { business, countQueries, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { type TestService } from '../../../test/harness.js';

let service: TestService;
let mine: Business;
let myStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, RESERVATION_SCOPES);
  mine = await business(service, app, RESERVATION_SCOPES);
  myStore = await createStore(service, mine.businessAccountId);
  await openEveryDay(service, myStore, [{ opens: '09:00', closes: '21:00' }]);
});

const gql = (query: string, variables: Record<string, unknown>) =>
  service.graphql<Record<string, Record<string, unknown>>>(query, variables, mine.token);
const resource = (input: Record<string, unknown> = {}) =>
  createResource(service, mine.token, { storeId: myStore, ...input });

describe('the list', () => {
  it('pages by start time then id, filters, and costs the same queries for 2 or 20 with store and resource', async () => {
    const otherStore = await createStore(service, mine.businessAccountId);
    await openEveryDay(service, otherStore, [{ opens: '09:00', closes: '21:00' }]);
    const date = localDate(9);
    const resources = [
      await resource({ slotMinutes: 15 }),
      await createResource(service, mine.token, { storeId: otherStore, slotMinutes: 15 }),
    ];
    for (let i = 0; i < 20; i++) {
      const minute = 9 * 60 + Math.floor(i / 2) * 15;
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      await createReservation(service, mine.token, { resourceId: resources[i % 2]!.id, startsAt: at(date, time) });
    }
    const query = `query($first: Int, $after: String, $from: DateTimeISO, $to: DateTimeISO, $resourceId: ID, $status: ReservationStatus) {
      reservations(first: $first, after: $after, from: $from, to: $to, resourceId: $resourceId, status: $status) {
        nodes { id startsAt store { name } resource { name } } pageInfo { hasNextPage endCursor } } }`;
    const window = { from: at(date, '00:00'), to: at(localDate(10), '00:00') };
    type Page = { nodes: { id: string; startsAt: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    const page = async (variables: Record<string, unknown>) => {
      const answer = await gql(query, { ...window, ...variables });
      expect(answer.errors).toBeUndefined();
      return answer.data!.reservations as unknown as Page;
    };
    const all = await page({ first: 20 });
    expect(all.nodes).toHaveLength(20);
    const order = all.nodes.map((n) => `${n.startsAt} ${n.id}`);
    expect(order).toEqual([...order].sort());
    const first = await page({ first: 7 });
    const rest = await page({ first: 20, after: first.pageInfo.endCursor });
    expect([...first.nodes, ...rest.nodes].map((n) => n.id)).toEqual(all.nodes.map((n) => n.id));
    expect((await page({ first: 20, resourceId: resources[1]!.id })).nodes).toHaveLength(10);
    expect((await page({ first: 20, status: 'cancelled' })).nodes).toHaveLength(0);

    const forTwo = await countQueries(service, () => page({ first: 2 }));
    const forTwenty = await countQueries(service, () => page({ first: 20 }));
    expect(forTwenty).toBe(forTwo);
    expect(forTwenty).toBeLessThanOrEqual(4);
  });
});

describe('the resources list', () => {
  it('costs the same queries for 2 resources with their store as for 20', async () => {
    const business2 = await business(service, await registerApp(service, RESERVATION_SCOPES), RESERVATION_SCOPES);
    const stores = [
      await createStore(service, business2.businessAccountId),
      await createStore(service, business2.businessAccountId),
    ];
    for (let i = 0; i < 20; i++)
      await createResource(service, business2.token, {
        storeId: stores[i % 2],
        name: `席 ${String(i).padStart(2, '0')}`,
      });
    const query = `query($first: Int) { reservationResources(first: $first) { nodes { id name store { id name } } } }`;
    const page = async (first: number) => {
      const answer = await service.graphql<{ reservationResources: { nodes: { store: { id: string } }[] } }>(
        query,
        { first },
        business2.token,
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.reservationResources.nodes;
    };
    expect(new Set((await page(20)).map((n) => n.store.id))).toEqual(new Set(stores));
    const forTwo = await countQueries(service, () => page(2));
    const forTwenty = await countQueries(service, () => page(20));
    expect(forTwenty).toBe(forTwo);
  });
});
