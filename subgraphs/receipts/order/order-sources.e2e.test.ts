/**
 * Orders of the other sources: a sale recorded at a terminal becomes one paid order with its lines
 * (in the sale's transaction, with order.created), and a storefront order processed by the worker
 * becomes one order, paid when the shop says so and fulfilled once through the state machine. Both
 * idempotently: recording the same sale or redelivering the same shop order adds nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { processStorefrontWebhooks } from '../storefront/storefront-processing.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { recordPosOrder } from './order-sources.js';
import {
  orderBusiness,
  orderEventTypes,
  ordersApp,
  type OrderBusiness,
} from '../../../test/fixtures/orders.fixtures.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createTerminal, recordSale } from '../../../test/fixtures/receipts.fixtures.js';
import { sql } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';

let service: TestService;
let mine: OrderBusiness;

beforeAll(async () => {
  service = await startOAuthService();
  mine = await orderBusiness(service, await ordersApp(service));
});

const ordersOf = (column: string, value: string) =>
  sql<Record<string, unknown> & { id: string }>(service, `select * from "sales_order" where "${column}" = ?`, [value]);
const linesOf = (orderId: string) =>
  sql<Record<string, unknown>>(
    service,
    'select "position", "name", "quantity", "unit_price", "tax_rate_basis_points", "line_total" from "sales_order_line" where "order_id" = ? order by "position"',
    [orderId],
  );

describe('a sale at a terminal', () => {
  it('becomes one paid order with the sale’s lines, and recording it again adds nothing', async () => {
    const terminal = await createTerminal(service, mine.storeId);
    const sale = await recordSale(service, terminal);
    const [order, ...more] = await ordersOf('transaction_id', sale.transactionId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      business_account_id: mine.businessAccountId,
      store_id: mine.storeId,
      source: 'pos',
      source_reference: sale.transactionId,
      status: 'paid',
      payment_status: 'paid',
      total_amount: 1100,
      tax_amount: 100,
      subtotal_amount: 1000,
    });
    expect(await linesOf(order!.id)).toEqual([
      { position: 1, name: 'おにぎり', quantity: 2, unit_price: 150, tax_rate_basis_points: 1000, line_total: 300 },
      { position: 2, name: 'お茶', quantity: 1, unit_price: 800, tax_rate_basis_points: 1000, line_total: 800 },
    ]);
    expect(await orderEventTypes(service, order!.id)).toEqual(['order.created']);

    const em = rootEntityManager(service.orm).fork();
    const transaction = await em.findOneOrFail(Transaction, { id: sale.transactionId });
    expect(
      await em.transactional((tx) => recordPosOrder(tx, transaction, mine.businessAccountId, new Date())),
    ).toBeNull();
    expect(await ordersOf('transaction_id', sale.transactionId)).toHaveLength(1);
    expect(await orderEventTypes(service, order!.id)).toEqual(['order.created']);

    const listed = await service.graphql<{ orders: { nodes: { id: string; transactionId: string }[] } }>(
      '{ orders(source: pos) { nodes { id transactionId } } }',
      {},
      mine.reader,
    );
    expect(listed.data!.orders.nodes).toContainEqual({ id: order!.id, transactionId: sale.transactionId });
  });

  it('refuses a line whose total is beyond ±1e9 before anything is written', async () => {
    const terminal = await createTerminal(service, mine.storeId);
    const result = await service.graphql(
      'mutation($input: RecordTransactionInput!) { recordTransaction(input: $input) { transactionQrToken } }',
      {
        input: {
          publicTerminalId: terminal,
          totalAmount: 0,
          items: [
            { name: 'a', unitPrice: 1_000_000_000, quantity: 2 },
            { name: 'b', unitPrice: -1_000_000_000, quantity: 2 },
          ],
        },
      },
      mine.writer,
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('a storefront order', () => {
  let installationId: string;

  beforeAll(async () => {
    const installed = await service.graphql<{ installShop: { id: string } }>(
      'mutation($input: InstallShopInput!) { installShop(input: $input) { id } }',
      {
        input: {
          shopDomain: `orders-${randomUUID().slice(0, 8)}.myshopify.com`,
          secret: 'shpss_orders',
          storeId: mine.storeId,
        },
      },
      mine.writer,
    );
    expect(installed.errors).toBeUndefined();
    installationId = installed.data!.installShop.id;
  });

  /** Stores a delivery as the webhook endpoint would, and runs the worker over every pending one. */
  async function deliver(topic: string, order: Record<string, unknown>): Promise<void> {
    const now = new Date();
    await sql(
      service,
      `insert into "storefront_webhook" ("id", "created_at", "updated_at", "installation_id", "kind", "topic", "event_id",
         "payload", "received_at") values (?, ?, ?, ?, 'orders', ?, ?, ?, ?)`,
      [uuidv7(), now, now, installationId, topic, randomUUID(), JSON.stringify(order), now],
    );
    const em = rootEntityManager(service.orm).fork();
    while ((await processStorefrontWebhooks(em, new Date())) !== null);
  }

  const ORDER = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    name: `#${id}`,
    currency: 'JPY',
    total_price: '2300',
    fulfillment_status: null,
    line_items: [
      { title: '緑茶', quantity: 2, price: '500' },
      { title: '急須', quantity: 1, price: '1000' },
    ],
    ...extra,
  });

  const storefrontOrder = async (shopOrderId: number) => {
    const rows = await sql<Record<string, unknown> & { id: string }>(
      service,
      `select s.* from "sales_order" s join "storefront_order" o on o."id"::text = s."source_reference"
       where s."source" = 'storefront' and o."installation_id" = ? and o."shop_order_id" = ?`,
      [installationId, String(shopOrderId)],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('becomes one open order, then paid and fulfilled once each whatever is redelivered', async () => {
    await deliver('orders/create', ORDER(9001));
    await deliver('orders/create', ORDER(9001));
    const order = await storefrontOrder(9001);
    expect(order).toMatchObject({
      status: 'open',
      payment_status: 'pending',
      total_amount: 2300,
      store_id: mine.storeId,
    });
    expect((await linesOf(order.id)).map((l) => [l.name, l.line_total])).toEqual([
      ['緑茶', 1000],
      ['急須', 1000],
      ['Shipping and adjustments', 300],
    ]);
    await deliver('orders/paid', ORDER(9001, { financial_status: 'paid' }));
    await deliver('orders/updated', ORDER(9001, { financial_status: 'paid' }));
    expect(await storefrontOrder(9001)).toMatchObject({ status: 'paid', payment_status: 'paid' });
    await deliver('orders/fulfilled', ORDER(9001, { financial_status: 'paid', fulfillment_status: 'fulfilled' }));
    await deliver('orders/updated', ORDER(9001, { financial_status: 'paid', fulfillment_status: 'fulfilled' }));
    expect(await storefrontOrder(9001)).toMatchObject({ status: 'fulfilled', fulfillment_status: 'fulfilled' });
    expect(await orderEventTypes(service, order.id)).toEqual(['order.created', 'order.paid', 'order.shipped']);
    const [shipped] = await sql<{ payload: Record<string, unknown> }>(
      service,
      `select "payload" from "outbox_event" where "type" = 'order.shipped' and "payload"->>'orderId' = ?`,
      [order.id],
    );
    expect(shipped!.payload).toMatchObject({ shopOrderId: '9001', orderName: '#9001', source: 'storefront' });
  });

  it('is recorded paid when the shop says financial_status paid, and a fulfilled one is shipped once', async () => {
    await deliver('orders/create', ORDER(9002, { financial_status: 'paid', fulfillment_status: 'fulfilled' }));
    const order = await storefrontOrder(9002);
    expect(order).toMatchObject({ status: 'fulfilled', payment_status: 'paid' });
    expect(await orderEventTypes(service, order.id)).toEqual(['order.created', 'order.shipped']);
  });

  it('leaves a cancelled order cancelled when the shop later fulfils it (no event)', async () => {
    await deliver('orders/create', ORDER(9003));
    const order = await storefrontOrder(9003);
    const cancelled = await service.graphql(
      'mutation($id: ID!) { cancelOrder(id: $id, reason: "在庫切れ") { status } }',
      { id: order.id },
      mine.writer,
    );
    expect(cancelled.errors).toBeUndefined();
    await deliver('orders/fulfilled', ORDER(9003, { fulfillment_status: 'fulfilled' }));
    expect(await storefrontOrder(9003)).toMatchObject({ status: 'cancelled' });
    expect(await orderEventTypes(service, order.id)).toEqual(['order.created', 'order.cancelled']);
  });
});
