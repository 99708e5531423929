/**
 * The demo flyer (issue 15): a published flyer of さくらマート 渋谷店, a favorite store of the demo
 * consumer hanako, featuring three demo products at sale prices, so `myFlyers` answers something after
 * `npm start`. Created when absent (by its fixed id) with the flyer services' own checks; a demo flyer
 * whose window has ended is given a fresh one at the next load, as the demo sale is recorded afresh.
 * Seed data: no `flyer.published` event is written for it.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { Validation } from '../../subgraphs/kernel/errors.js';
import { Flyer, FlyerItem, FlyerPage, FlyerStatus } from '../../subgraphs/stores/flyer/flyer.entity.js';
import { checkFlyerDraft, checkItems, checkPages } from '../../subgraphs/stores/flyer/flyer.validation.js';
import { demoId } from './demo-id.js';

const KIND = 0x150;
/** The demo flyer's id. */
export const DEMO_FLYER_ID = demoId(KIND, 1);
const SAKURA_MART = demoId(1, 1);
const SHIBUYA = demoId(2, 1);
/** Demo products (demo-catalog.ts, kind 0x50): おにぎり 鮭, 緑茶, 食パン. */
const PRODUCTS = [demoId(0x50, 1), demoId(0x50, 2), demoId(0x50, 3)];
const DAY = 24 * 3600 * 1000;
const ASSETS = 'https://demo.retail-media.example/sakura-mart/flyers';

/** The window of a demo flyer loaded at `now`: from yesterday for two weeks. */
const windowAt = (now: Date) => ({
  validFrom: new Date(now.getTime() - DAY),
  validTo: new Date(now.getTime() + 14 * DAY),
});

/** Loads the demo flyer when absent (and its store and products exist); renews an ended window. */
export async function loadDemoFlyers(em: EntityManager, now = new Date()): Promise<void> {
  const window = windowAt(now);
  const existing = await em.findOne(Flyer, { id: DEMO_FLYER_ID });
  if (existing) {
    if (existing.status === FlyerStatus.published && existing.validTo <= now) {
      em.assign(existing, window);
      await em.flush();
    }
    return;
  }
  const present = await em.execute<unknown[]>(
    `select 1 from "store" where "id" = ? and "business_account_id" = ?
      and (select count(*) from "product" where "id" in (?, ?, ?) and "business_account_id" = ?) = 3`,
    [SHIBUYA, SAKURA_MART, ...PRODUCTS, SAKURA_MART],
  );
  if (present.length === 0) return;
  const v = new Validation();
  const draft = { title: '渋谷店 週末の特売チラシ', description: '週末限定のお買い得品をご紹介します。', ...window };
  checkFlyerDraft(v, draft);
  const pages = checkPages(v, [
    { imageUrl: `${ASSETS}/weekend-1.png`, caption: '表面' },
    { imageUrl: `${ASSETS}/weekend-2.png`, caption: '裏面' },
  ]);
  const items = checkItems(v, [
    { productId: PRODUCTS[0]!, salePriceAmount: 120, note: 'お一人様3点まで' },
    { productId: PRODUCTS[1]!, salePriceAmount: 98 },
    { productId: PRODUCTS[2]!, salePriceAmount: 158 },
  ]);
  v.throwIfInvalid('Invalid demo flyer.');
  await em.transactional(async (tx) => {
    tx.create(Flyer, {
      id: DEMO_FLYER_ID,
      businessAccountId: SAKURA_MART,
      storeId: SHIBUYA,
      status: FlyerStatus.published,
      publishedAt: window.validFrom,
      ...draft,
    });
    await tx.flush();
    pages.forEach((page, i) => tx.create(FlyerPage, { id: demoId(KIND, 0x101 + i), flyerId: DEMO_FLYER_ID, ...page }));
    items.forEach((item, i) =>
      tx.create(FlyerItem, { id: demoId(KIND, 0x201 + i), flyerId: DEMO_FLYER_ID, ...item, currency: 'JPY' }),
    );
  });
}
