/**
 * recordContentView against a real database: a view counts on its Asia/Tokyo day (23:30 and 00:30 JST
 * fall on two days), per content and store, once per viewer and day, and 20 views of one coupon by
 * 20 viewers recorded at the same moment lose nothing (20 by one viewer count one). On PostgreSQL the 20 upserts are held on a lock and released together (each on its own
 * connection), so a read-then-write counter would lose most of them; the embedded database runs them
 * one at a time.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { releasedTogether, valuesOf } from '../../../test/race.js';
import { BusinessAccount } from '../../identity/index.js';
import { ALL_ENTITIES } from '../../index.js';
import { createOrm, rootEntityManager, type Orm } from '../../kernel/db/orm.js';
import { Store } from '../store/store.entity.js';
import { forgetPastViewers, recordContentView, type ContentView } from './record-content-view.js';

const CONCURRENT = 20;

let db: ServiceDatabase;
let storeId: string;
let otherStoreId: string;

const em = () => rootEntityManager(db.orm).fork();

async function views(contentId: string): Promise<{ store_id: string; day: string; views: number }[]> {
  return em().execute(
    `select "store_id", to_char("day", 'YYYY-MM-DD') as "day", "views" from "content_view_day"
      where "content_id" = ? order by "day", "store_id"`,
    [contentId],
  );
}

beforeAll(async () => {
  db = await openServiceDatabase();
  const fork = db.orm.em.fork();
  const business = fork.create(BusinessAccount, { name: '閲覧商店', ownerEmail: 'views@example.test' });
  await fork.flush();
  const store = (name: string) =>
    fork.create(Store, {
      businessAccountId: business.id,
      name,
      nameKana: 'エツラン',
      prefectureCode: '13',
      storeType: 'supermarket',
      address: '東京都渋谷区1-1',
      isPublicListing: true,
    });
  const [a, b] = [store('本店'), store('支店')];
  await fork.flush();
  [storeId, otherStoreId] = [a.id, b.id];
});
afterAll(() => db?.close());

describe('recordContentView', () => {
  it('counts a viewer once per item and Tokyo day: replays add nothing, another viewer or day does', async () => {
    const post = randomUUID();
    const view = (at: string, viewer: string, store = storeId): ContentView => ({
      kind: 'post',
      contentId: post,
      storeId: store,
      at: new Date(at),
      viewer,
    });
    for (let i = 0; i < 5; i++) await recordContentView(em(), view('2026-03-13T10:00:00+09:00', 'viewer-a'));
    // The same viewer at another store of the app, the same day: still the one view.
    await recordContentView(em(), view('2026-03-13T11:00:00+09:00', 'viewer-a', otherStoreId));
    await recordContentView(em(), view('2026-03-13T12:00:00+09:00', 'viewer-b'));
    await recordContentView(em(), view('2026-03-14T09:00:00+09:00', 'viewer-a'));
    expect(await views(post)).toEqual([
      { store_id: storeId, day: '2026-03-13', views: 2 },
      { store_id: storeId, day: '2026-03-14', views: 1 },
    ]);
  });

  it('forgets the viewers of past days, keeping today and yesterday (Tokyo)', async () => {
    const flyer = randomUUID();
    for (const at of ['2026-03-01T10:00:00+09:00', '2026-03-09T10:00:00+09:00', '2026-03-10T10:00:00+09:00'])
      await recordContentView(em(), { kind: 'flyer', contentId: flyer, storeId, at: new Date(at), viewer: 'v' });
    expect(await forgetPastViewers(em(), new Date('2026-03-10T12:00:00+09:00'))).toBeGreaterThanOrEqual(1);
    const left = await em().execute<{ day: string }[]>(
      `select to_char("day", 'YYYY-MM-DD') as "day" from "content_viewer_day" where "content_id" = ? order by 1`,
      [flyer],
    );
    expect(left.map((r) => r.day)).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('counts a view on its Tokyo day: 23:30 and 00:30 JST are two days, per store', async () => {
    const coupon = randomUUID();
    const view = (at: string, store = storeId): ContentView => ({
      kind: 'coupon',
      contentId: coupon,
      storeId: store,
      at: new Date(at),
      viewer: randomUUID(),
    });
    await recordContentView(em(), view('2026-03-10T23:30:00+09:00'));
    await recordContentView(em(), view('2026-03-10T23:59:59.999+09:00'));
    await recordContentView(em(), view('2026-03-11T00:30:00+09:00'));
    await recordContentView(em(), view('2026-03-11T00:30:00+09:00', otherStoreId));
    expect(await views(coupon)).toEqual([
      { store_id: storeId, day: '2026-03-10', views: 2 },
      { store_id: storeId, day: '2026-03-11', views: 1 },
      { store_id: otherStoreId, day: '2026-03-11', views: 1 },
    ]);
  });

  it('keeps kinds apart and refuses an unknown kind', async () => {
    const id = randomUUID();
    const at = new Date();
    await recordContentView(em(), { kind: 'post', contentId: id, storeId, at, viewer: 'v' });
    await recordContentView(em(), { kind: 'flyer', contentId: id, storeId, at, viewer: 'v' });
    const rows = await em().execute<{ content_kind: string; views: number }[]>(
      'select "content_kind", "views" from "content_view_day" where "content_id" = ? order by 1',
      [id],
    );
    expect(rows).toEqual([
      { content_kind: 'flyer', views: 1 },
      { content_kind: 'post', views: 1 },
    ]);
    await expect(
      recordContentView(em(), { kind: 'banner' as 'post', contentId: id, storeId, at, viewer: 'v' }),
    ).rejects.toThrow();
  });

  it(`loses no view of ${CONCURRENT} recorded at once`, async () => {
    const coupon = randomUUID();
    const at = new Date('2026-03-12T12:00:00+09:00');
    const record = (orm: Orm) => () =>
      recordContentView(rootEntityManager(orm).fork(), {
        kind: 'coupon',
        contentId: coupon,
        storeId,
        at,
        viewer: randomUUID(),
      });
    if (db.env.databaseUrl) {
      // One connection per contender, so that all of them wait on the lock and go together.
      const wide = await createOrm({ env: db.env, entities: ALL_ENTITIES, poolSize: CONCURRENT + 1 });
      try {
        const contenders = Array.from({ length: CONCURRENT }, () => record(wide));
        const released = await releasedTogether(db.env.databaseUrl, 'content_view_day', contenders);
        valuesOf(released);
        expect(released.waiting).toBe(CONCURRENT);
      } finally {
        await wide.close(true);
      }
    } else {
      await Promise.all(Array.from({ length: CONCURRENT }, () => record(db.orm)()));
    }
    expect(await views(coupon)).toEqual([{ store_id: storeId, day: '2026-03-12', views: CONCURRENT }]);
  });
});
