/**
 * GET /api/v1/apps/{shopId}/business-info end to end: every status, the default store, the window of
 * special days and open-now, against the real service (answers are checked against the OpenAPI document).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../../test/fixtures/receipts.fixtures.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { addDays, localDateTime, zonedInstant } from '../../subgraphs/stores/business-hours/business-hours.js';

let service: TestService;
let businessAccountId: string;

async function operator(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await service.graphql(query, variables, TEST_OPERATOR_TOKEN);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const data = await operator(
    'mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }',
    { input: { name: '営業時間商店', ownerEmail: `hours-${randomUUID()}@apps.example` } },
  );
  businessAccountId = (data.createBusinessAccount as { id: string }).id;
});

/** A shop app showing `storeIds` (the first is its main store); its shopId. */
async function shopApp(storeIds: string[]): Promise<string> {
  const shopId = `hours-${randomUUID().slice(0, 8)}`;
  await operator('mutation($input: CreateShopAppInput!) { createShopApp(input: $input) { shopId } }', {
    input: { businessAccountId, shopId, name: '営業時間アプリ', storeIds },
  });
  return shopId;
}

const setWeekly = (storeId: string, weekday: number, intervals: { opens: string; closes: string }[]) =>
  operator(
    `mutation($storeId: ID!, $weekday: Int!, $intervals: [BusinessHoursIntervalInput!]!) {
      setStoreWeeklyHours(storeId: $storeId, weekday: $weekday, intervals: $intervals) { storeId } }`,
    { storeId, weekday, intervals },
  );
const setSpecial = (storeId: string, date: string, note?: string) =>
  operator(
    `mutation($storeId: ID!, $date: String!, $note: String) {
      setStoreSpecialDay(storeId: $storeId, date: $date, closed: true, note: $note) { storeId } }`,
    { storeId, date, note },
  );
const get = (path: string) => service.rest('GET', path);
const today = () => localDateTime(new Date(), 'Asia/Tokyo').date;

describe('GET /api/v1/apps/{shopId}/business-info', () => {
  it("200: the main store's hours, special days from today and open-now, without a token", async () => {
    const [main, second] = [
      await createStore(service, businessAccountId),
      await createStore(service, businessAccountId),
    ];
    for (const weekday of [1, 2, 3, 4, 5, 6, 7]) await setWeekly(main, weekday, [{ opens: '00:00', closes: '24:00' }]);
    await setWeekly(second, 3, [
      { opens: '17:00', closes: '22:00' },
      { opens: '11:00', closes: '14:00' },
    ]);
    const shopId = await shopApp([main, second]);

    const open = await get(`/api/v1/apps/${shopId}/business-info`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      storeId: main,
      timeZone: 'Asia/Tokyo',
      openNow: true,
      nextChange: null,
      specialDays: [],
    });
    expect(open.body.regularHours).toHaveLength(7);

    await setSpecial(main, today(), '棚卸し');
    await setSpecial(main, addDays(today(), 3));
    const closed = await get(`/api/v1/apps/${shopId}/business-info?specialDaysAhead=3`);
    expect(closed.body).toMatchObject({
      openNow: false,
      nextChange: new Date(zonedInstant(addDays(today(), 1), 0, 'Asia/Tokyo')).toISOString(),
      specialDays: [{ date: today(), closed: true, intervals: [], note: '棚卸し' }],
    });
    expect((await get(`/api/v1/apps/${shopId}/business-info`)).body.specialDays).toHaveLength(2);

    const other = await get(`/api/v1/apps/${shopId}/business-info?storeId=${second}`);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ storeId: second, specialDays: [] });
    expect((other.body.regularHours as unknown[])[2]).toEqual({
      weekday: 3,
      intervals: [
        { opens: '11:00', closes: '14:00' },
        { opens: '17:00', closes: '22:00' },
      ],
    });
  });

  it('304 to a matching If-None-Match within the minute; public, no-cache', async () => {
    const shopId = await shopApp([await createStore(service, businessAccountId)]);
    const path = `/api/v1/apps/${shopId}/business-info`;
    // A minute may turn between the two calls: then the ETag changes once, never twice in a row.
    for (let attempt = 0; attempt < 2; attempt++) {
      const first = await service.call(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      const etag = first.headers.get('etag')!;
      const again = await service.call(path, { headers: { 'if-none-match': etag } });
      if (again.status === 200 && attempt === 0) continue;
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      break;
    }
  });

  it.each(['-1', '367', 'many', '1.5'])('400: specialDaysAhead=%s', async (value) => {
    const shopId = await shopApp([await createStore(service, businessAccountId)]);
    const answer = await get(`/api/v1/apps/${shopId}/business-info?specialDaysAhead=${value}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [{ path: 'specialDaysAhead' }] });
  });

  it('404: an unknown shopId (app_not_found)', async () => {
    const answer = await get('/api/v1/apps/no-such-shop/business-info');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'app_not_found' });
  });

  it('404: a store the app does not show, a malformed id, an unlisted store, an app without stores (store_not_found)', async () => {
    const [shown, elsewhere] = [
      await createStore(service, businessAccountId),
      await createStore(service, businessAccountId),
    ];
    const unlisted = await createStore(service, businessAccountId, false);
    const shopId = await shopApp([shown, unlisted]);
    for (const storeId of [elsewhere, randomUUID(), 'x', 'x'.repeat(300), unlisted]) {
      const answer = await get(`/api/v1/apps/${shopId}/business-info?storeId=${storeId}`);
      expect(answer.status, storeId).toBe(404);
      expect(answer.body).toMatchObject({ code: 'store_not_found' });
    }
    const empty = await get(`/api/v1/apps/${await shopApp([])}/business-info`);
    expect(empty.status).toBe(404);
    expect(empty.body).toMatchObject({ code: 'store_not_found' });
  });
});
