/**
 * postMovements against a real database, as every writer (sales, storefront orders, the inventory
 * webhook) will call it: a posting of a recorded (source, sourceRef) answers the recorded movement and
 * moves nothing; two postings of one reference racing each other post it once (the second is CONFLICT
 * duplicate_posting); a batch that would take any level below zero posts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { postMovements, type MovementPosting } from './stock-ledger.js';
import { StockMovementKind } from './stock-movement.entity.js';

let db: MigratedDatabase;
const business = uuidv7();
const product = uuidv7();
const [shelf, backroom] = [uuidv7(), uuidv7()];

beforeAll(async () => {
  db = await openMigratedDatabase();
  const em = db.em();
  const now = new Date();
  await em.execute(
    `insert into "business_account" ("id", "created_at", "updated_at", "name", "owner_email") values (?, ?, ?, 'B', 'b@example.test')`,
    [business, now, now],
  );
  await em.execute(
    `insert into "product" ("id", "created_at", "updated_at", "business_account_id", "sku", "name", "name_kana", "description",
       "price_amount", "currency", "tax_rate", "status") values (?, ?, ?, ?, 'LEDGER-1', '品', '', '', 100, 'JPY', 1000, 'active')`,
    [product, now, now, business],
  );
  for (const id of [shelf, backroom])
    await em.execute(
      `insert into "stock_location" ("id", "created_at", "updated_at", "business_account_id", "name", "kind") values (?, ?, ?, ?, ?, 'floor')`,
      [id, now, now, business, id],
    );
});
afterAll(() => db?.close());

const sale = (locationId: string, quantity: number, sourceRef: string | null): MovementPosting => ({
  productId: product,
  locationId,
  quantity,
  kind: quantity > 0 ? StockMovementKind.receipt : StockMovementKind.sale,
  source: 'receipt',
  sourceRef,
  actor: 'test',
});
const post = (postings: MovementPosting[]) => db.em().transactional((tx) => postMovements(tx, business, postings));
const onHand = async (locationId: string) =>
  (
    await db
      .em()
      .execute<{ on_hand: number }[]>(
        'select "on_hand" from "stock_level" where "product_id" = ? and "location_id" = ?',
        [product, locationId],
      )
  )[0]?.on_hand;

describe('postMovements', () => {
  it('posts a source reference once: posting it again answers the recorded movement', async () => {
    const [first] = await post([sale(shelf, 10, 'tx-1/line-1')]);
    const [again] = await post([sale(shelf, 10, 'tx-1/line-1')]);
    expect(again!.id).toBe(first!.id);
    expect(await onHand(shelf)).toBe(10);
  });

  it('posts one of two racing postings of a reference; the other is CONFLICT duplicate_posting', async () => {
    const before = await onHand(backroom);
    const outcomes = await Promise.allSettled([
      post([sale(backroom, 3, 'tx-2/line-1')]),
      post([sale(backroom, 3, 'tx-2/line-1')]),
    ]);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused)
      expect(o.reason).toMatchObject({
        extensions: { code: 'CONFLICT', reason: 'duplicate_posting' },
      });
    expect(await onHand(backroom)).toBe((before ?? 0) + 3);
    const [again] = await post([sale(backroom, 3, 'tx-2/line-1')]);
    expect(again!.quantity).toBe(3);
    expect(await onHand(backroom)).toBe((before ?? 0) + 3);
  });

  it('posts a batch whole or not at all', async () => {
    const shelfBefore = await onHand(shelf);
    await expect(post([sale(backroom, 5, null), sale(shelf, -1000, null)])).rejects.toMatchObject({
      extensions: { code: 'CONFLICT', reason: 'insufficient_stock' },
    });
    expect(await onHand(shelf)).toBe(shelfBefore);
  });
});
