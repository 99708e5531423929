/**
 * The stores job that posts sales to the stock ledger, against a real database: a POS sale of a
 * product with a SKU lowers its stock at the store's selling location (its floor) by the quantity
 * exactly once, whether the job runs twice or the event is read twice; a sale is posted even below
 * zero; a cancelled paid order puts the stock back once; and the cursor, kept in publish order, never
 * skips an event whose transaction committed (and so was published) after one with a higher id.
 * Orders are recorded by the receipts subgraph's own writer, as the till records them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { publishPending } from '../../kernel/events/publisher.js';
import { recordOrder, transitionOrder, type OrderLineDraft } from '../../receipts/order/order-recording.js';
import { OrderSource } from '../../receipts/order/order-state.js';
import { postPublishedEvents, STOCK_POSTINGS_JOB } from './stock-postings.job.js';
import { postMovements } from './stock-ledger.js';
import { StockMovementKind } from './stock-movement.entity.js';

let db: MigratedDatabase;
const business = uuidv7();
const store = uuidv7();
const [floor, backroom] = [uuidv7(), uuidv7()];
let serial = 0;

async function product(sku: string): Promise<string> {
  const id = uuidv7();
  await db.em().execute(
    `insert into "product" ("id", "created_at", "updated_at", "business_account_id", "sku", "name", "name_kana", "description",
       "price_amount", "currency", "tax_rate", "status") values (?, now(), now(), ?, ?, '品', '', '', 100, 'JPY', 1000, 'active')`,
    [id, business, sku],
  );
  return id;
}

beforeAll(async () => {
  db = await openMigratedDatabase();
  const em = db.em();
  await em.execute(
    `insert into "business_account" ("id", "created_at", "updated_at", "name", "owner_email") values (?, now(), now(), 'B', 'b@example.test')`,
    [business],
  );
  await em.execute(
    `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
       "store_type", "address", "is_public_listing", "latitude", "longitude")
     values (?, now(), now(), ?, '渋谷店', 'シブヤテン', '13', 'cafe', '住所1-2-3', true, 35.5, 139.25)`,
    [store, business],
  );
  // The backroom is made first: the selling location is the floor, not the first location of the store.
  for (const [id, kind] of [
    [backroom, 'backroom'],
    [floor, 'floor'],
  ] as const)
    await em.execute(
      `insert into "stock_location" ("id", "created_at", "updated_at", "business_account_id", "name", "kind", "store_id")
       values (?, now(), now(), ?, ?, ?, ?)`,
      [id, business, kind, kind, store],
    );
});
afterAll(() => db?.close());

/** Receives `quantity` of a product at both locations of the store. */
const receive = (productId: string, quantity: number) =>
  db.em().transactional((tx) =>
    postMovements(
      tx,
      business,
      [floor, backroom].map((locationId) => ({
        productId,
        locationId,
        quantity,
        kind: StockMovementKind.receipt,
        source: 'manual',
        actor: 'test',
      })),
    ),
  );

/** A paid POS sale of `lines` at the store, recorded as the till records it (with order.created). */
async function sale(lines: OrderLineDraft[]): Promise<string> {
  const total = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const order = await db.em().transactional((tx) =>
    recordOrder(
      tx,
      {
        businessAccountId: business,
        storeId: store,
        source: OrderSource.pos,
        sourceReference: `till-${process.pid}-${++serial}`,
        currency: 'JPY',
        totalAmount: total,
        taxAmount: 0,
        paid: true,
        placedAt: new Date(),
        lines,
      },
      new Date(),
    ),
  );
  return order!.id;
}

/** Publishes what is pending, then runs the job as the worker does (its own transaction). */
async function runJob() {
  await publishPending(db.em(), []);
  return db
    .em()
    .transactional((tx) => postPublishedEvents({ em: tx, now: new Date(), signal: new AbortController().signal }));
}

const onHand = async (productId: string, locationId: string) =>
  (
    await db
      .em()
      .execute<{ on_hand: number }[]>(
        'select "on_hand" from "stock_level" where "product_id" = ? and "location_id" = ?',
        [productId, locationId],
      )
  )[0]?.on_hand;

const movementsOf = (orderId: string) =>
  db
    .em()
    .execute<{ kind: string; quantity: number; source: string; location_id: string; reason: string | null }[]>(
      `select "kind", "quantity", "source", "location_id", "reason" from "stock_movement" where "source_ref" like ? order by "id"`,
      [`${orderId}/%`],
    );

describe('the stock-postings job', () => {
  it('lowers the stock of a sold SKU at the selling location once, however often it runs or reads the event', async () => {
    const sku = `RICE-${uuidv7().slice(-12)}`;
    const riceBall = await product(sku);
    await receive(riceBall, 10);
    const orderId = await sale([
      { name: 'おにぎり', sku, quantity: 3, unitPrice: 150 },
      { name: '袋', quantity: 1, unitPrice: 5 },
    ]);
    expect(await runJob()).toMatchObject({ sales: 1, unmatchedLines: 1 });
    expect(await onHand(riceBall, floor)).toBe(7);
    expect(await onHand(riceBall, backroom)).toBe(10);
    // The next run reads the ledger's own inventory.updated of that sale, and passes it over.
    expect(await runJob()).toEqual({ events: 1, lastSeq: expect.any(Number) });
    // The event read again (the cursor set back, as after a restore): nothing is posted twice.
    await db
      .em()
      .execute('update "outbox_consumer_cursor" set "last_seq" = 0 where "consumer" = ?', [STOCK_POSTINGS_JOB]);
    await runJob();
    expect(await onHand(riceBall, floor)).toBe(7);
    expect(await movementsOf(orderId)).toEqual([
      { kind: 'sale', quantity: -3, source: 'order', location_id: floor, reason: null },
    ]);
  });
});

describe('a sale and its cancellation', () => {
  it('posts a sale even below zero: it already happened', async () => {
    const sku = `TEA-${uuidv7().slice(-12)}`;
    const tea = await product(sku);
    await receive(tea, 1);
    await sale([{ name: 'お茶', sku, quantity: 2, unitPrice: 120 }]);
    await runJob();
    expect(await onHand(tea, floor)).toBe(-1);
  });

  it('matches a line by its productId before its SKU, and puts a cancelled paid order’s stock back once', async () => {
    const [bread, decoy] = [
      await product(`BREAD-${uuidv7().slice(-12)}`),
      await product(`DECOY-${uuidv7().slice(-12)}`),
    ];
    await receive(bread, 5);
    const orderId = await sale([{ name: 'パン', productId: bread, sku: 'NO-SUCH-SKU', quantity: 2, unitPrice: 200 }]);
    await runJob();
    expect(await onHand(bread, floor)).toBe(3);
    await db
      .em()
      .transactional((tx) =>
        transitionOrder(tx, { orderId, businessAccountId: business }, 'cancel', new Date(), { reason: 'test' }),
      );
    expect(await runJob()).toMatchObject({ returns: 1 });
    expect(await onHand(bread, floor)).toBe(5);
    await db
      .em()
      .execute('update "outbox_consumer_cursor" set "last_seq" = 0 where "consumer" = ?', [STOCK_POSTINGS_JOB]);
    await runJob();
    expect(await onHand(bread, floor)).toBe(5);
    expect(await onHand(decoy, floor)).toBe(undefined);
    expect((await movementsOf(orderId)).map((m) => [m.kind, m.quantity, m.source])).toEqual([
      ['sale', -2, 'order'],
      ['return', 2, 'order-cancel'],
    ]);
  });
});

describe('the cursor', () => {
  it('reads an event published after one with a higher id (its transaction committed later)', async () => {
    const sku = `LATE-${uuidv7().slice(-12)}`;
    const late = await product(sku);
    await receive(late, 10);
    await sale([{ name: '先', sku, quantity: 1, unitPrice: 100 }]);
    await runJob();
    expect(await onHand(late, floor)).toBe(9);
    // A sale whose event was written a minute earlier than the one just read, committed only now.
    const orderId = await sale([{ name: '後', sku, quantity: 4, unitPrice: 100 }]);
    await db
      .em()
      .execute(
        `update "outbox_event" set "id" = ? where "type" = 'order.created' and "payload"->>'orderId' = ? and "published_at" is null`,
        [uuidv7(Date.now() - 60_000), orderId],
      );
    await runJob();
    expect(await onHand(late, floor)).toBe(5);
  });
});
