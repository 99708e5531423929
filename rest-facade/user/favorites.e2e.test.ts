/**
 * The favorites rows through the facade with real user tokens: add (idempotent, 404 for stores that
 * are not public), status, list (newest first, the store as it is now, hidden while the store is not
 * public), remove (idempotent 204), 401 and 403, isolation between users, and a list that costs the
 * same number of queries whatever its length.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  registerApp,
  startOAuthService,
  USER_PASSWORD,
  type App,
} from '../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../test/fixtures/receipts.fixtures.js';
import { consumer, countQueries, sql, type Consumer } from '../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../test/harness.js';

let service: TestService;
let app: App;
let businessAccountId: string;
let hanako: Consumer;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, [
    'user.favorites.read',
    'user.favorites.write',
    'user.coupons.read',
    'user.profile.read',
  ]);
  businessAccountId = await createBusiness(service, 'owner@favorites.example');
  hanako = await consumer(service, app);
});

const path = (storeId = '') => `/api/v1/user/favorites${storeId ? `/${storeId}` : ''}`;
const list = (token?: string) => service.rest('GET', path(), token);
const status = (token: string | undefined, storeId: string) => service.rest('GET', path(storeId), token);
const add = (token: string | undefined, storeId: string) => service.rest('POST', path(storeId), token);
const remove = (token: string | undefined, storeId: string) => service.rest('DELETE', path(storeId), token);
const setPublic = (storeId: string, listed: boolean) =>
  sql(service, 'update "store" set "is_public_listing" = ? where "id" = ?', [listed, storeId]);

describe('adding a favorite', () => {
  it('answers 200 with the favorite, and the same favoritedAt on a second add (one row)', async () => {
    const storeId = await createStore(service, businessAccountId);
    const first = await add(hanako.token, storeId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ storeId, favoritedAt: expect.stringMatching(/Z$/) });
    const again = await add(hanako.token, storeId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await sql<{ n: number }>(
      service,
      'select count(*)::int as n from "favorite_store" where "user_id" = ? and "store_id" = ?',
      [hanako.userId, storeId],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('answers 404 store_not_found for a store that is not public, an unknown id and a malformed one, storing nothing', async () => {
    const unlisted = await createStore(service, businessAccountId, false);
    for (const storeId of [unlisted, '01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const answer = await add(hanako.token, storeId);
      expect({ status: answer.status, code: answer.body.code }, storeId).toEqual({
        status: 404,
        code: 'store_not_found',
      });
    }
    expect((await status(hanako.token, unlisted)).body).toMatchObject({ isFavorite: false });
    // Nothing is stored either: the store would otherwise show up once it is listed.
    const rows = await sql(service, 'select 1 from "favorite_store" where "user_id" = ? and "store_id" = ?', [
      hanako.userId,
      unlisted,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('the list and the status', () => {
  it('shows the favorites newest first, each with the store as it is now', async () => {
    const taro = await consumer(service, app);
    const older = await createStore(service, businessAccountId);
    const newer = await createStore(service, businessAccountId);
    await add(taro.token, older);
    await add(taro.token, newer);
    await sql(service, 'update "store" set "name" = ?, "phone" = ? where "id" = ?', [
      '改名商店',
      '03-1234-5678',
      older,
    ]);

    const answer = await list(taro.token);
    expect(answer.status).toBe(200);
    const items = answer.body as unknown as { storeId: string; store: Record<string, unknown> }[];
    expect(items.map((i) => i.storeId)).toEqual([newer, older]);
    expect(items[1]).toEqual({
      storeId: older,
      favoritedAt: expect.stringMatching(/Z$/),
      store: {
        storeId: older,
        name: '改名商店',
        nameKana: expect.any(String),
        prefecture: '東京都',
        prefectureCode: '13',
        storeType: 'supermarket',
        address: expect.any(String),
        postalCode: null,
        phone: '03-1234-5678',
        latitude: null,
        longitude: null,
        placeId: null,
      },
    });
  });

  it('hides the favorite of a store that stops being public, and shows it again when it is public again', async () => {
    const jiro = await consumer(service, app);
    const storeId = await createStore(service, businessAccountId);
    const added = await add(jiro.token, storeId);

    await setPublic(storeId, false);
    expect((await list(jiro.token)).body).toEqual([]);
    expect((await status(jiro.token, storeId)).body).toEqual({ storeId, isFavorite: false, favoritedAt: null });

    await setPublic(storeId, true);
    expect((await list(jiro.token)).body).toMatchObject([{ storeId, favoritedAt: added.body.favoritedAt }]);
    expect((await status(jiro.token, storeId)).body).toEqual({
      storeId,
      isFavorite: true,
      favoritedAt: added.body.favoritedAt,
    });
  });

  it('answers status 200 false for a store that is not a favorite, unknown or malformed', async () => {
    const storeId = await createStore(service, businessAccountId);
    for (const id of [storeId, '01900000-0000-7000-8000-000000000000', 'nope']) {
      const answer = await status(hanako.token, id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ storeId: id, isFavorite: false, favoritedAt: null });
    }
  });

  it('costs the same number of queries for one favorite as for five', async () => {
    const [one, five] = [await consumer(service, app), await consumer(service, app)];
    await add(one.token, await createStore(service, businessAccountId));
    for (let i = 0; i < 5; i++) await add(five.token, await createStore(service, businessAccountId));
    let answer = await list(five.token);
    const forOne = await countQueries(service, () => list(one.token));
    const forFive = await countQueries(service, async () => (answer = await list(five.token)));
    expect((answer.body as unknown as unknown[]).length).toBe(5);
    expect(forOne).toBeGreaterThan(0);
    expect(forFive).toBe(forOne);
  });
});

describe('removing a favorite', () => {
  it('answers 204 and removes it; again, and for unknown or malformed ids, 204 too', async () => {
    const saburo = await consumer(service, app);
    const storeId = await createStore(service, businessAccountId);
    await add(saburo.token, storeId);
    const removed = await remove(saburo.token, storeId);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expect((await status(saburo.token, storeId)).body).toMatchObject({ isFavorite: false });
    for (const id of [storeId, '01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      expect((await remove(saburo.token, id)).status, id).toBe(204);
    }
  });
});

describe('isolation and authorization', () => {
  it('shows no user another user’s favorites, and one user’s remove leaves the other’s', async () => {
    const [a, b] = [await consumer(service, app), await consumer(service, app)];
    const storeId = await createStore(service, businessAccountId);
    await add(a.token, storeId);
    expect((await list(b.token)).body).toEqual([]);
    expect((await status(b.token, storeId)).body).toMatchObject({ isFavorite: false });
    expect((await remove(b.token, storeId)).status).toBe(204);
    expect((await list(a.token)).body).toMatchObject([{ storeId }]);
  });

  it('answers 401 without a token or with a bad one', async () => {
    const storeId = await createStore(service, businessAccountId);
    for (const token of [undefined, 'not-a-token']) {
      for (const answer of [
        await list(token),
        await status(token, storeId),
        await add(token, storeId),
        await remove(token, storeId),
      ]) {
        expect(answer.status).toBe(401);
      }
    }
  });

  it('answers 403 naming the scope each row needs', async () => {
    const storeId = await createStore(service, businessAccountId);
    const readOnly = await consumer(service, app, ['user.favorites.read']);
    const none = await consumer(service, app, ['user.profile.read']);
    const refused = [
      [await list(none.token), 'user.favorites.read'],
      [await status(none.token, storeId), 'user.favorites.read'],
      [await add(readOnly.token, storeId), 'user.favorites.write'],
      [await remove(readOnly.token, storeId), 'user.favorites.write'],
    ] as const;
    for (const [answer, scope] of refused) {
      expect(answer.status).toBe(403);
      expect(answer.response.headers.get('www-authenticate')).toContain(`scope="${scope}"`);
    }
    expect((await list(readOnly.token)).status).toBe(200);
  });
});

describe('account deletion', () => {
  it("erases the user's favorites, and no one else's", async () => {
    const storeId = await createStore(service, businessAccountId);
    const leaving = await consumer(service, app);
    const staying = await consumer(service, app);
    for (const who of [leaving, staying]) expect((await add(who.token, storeId)).status).toBe(200);
    const deleted = await service.rest('DELETE', '/api/v1/user/account', leaving.token, {
      confirm: true,
      password: USER_PASSWORD,
    });
    expect(deleted.status).toBe(200);
    const rows = await sql<{ user_id: string }>(
      service,
      'select "user_id" from "favorite_store" where "store_id" = ?',
      [storeId],
    );
    expect(rows).toEqual([{ user_id: staying.userId }]);
  });
});
