/**
 * Demo orders of さくらマート at 渋谷店 (issue 14), one in each status of the state machine, loaded
 * when absent. Written directly, not through the order service: demo data is not an event, so they
 * get no outbox rows. Their numbers are drawn from the business's counter like any order's.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { includedTax } from '../../subgraphs/receipts/order/order-validation.js';
import { SalesOrder, SalesOrderLine } from '../../subgraphs/receipts/order/order.entity.js';
import {
  FulfillmentStatus,
  OrderSource,
  OrderStatus,
  PaymentStatus,
} from '../../subgraphs/receipts/order/order-state.js';
import { demoId } from './demo-id.js';

const SAKURA_MART = demoId(1, 1);
const SHIBUYA = '01900000-0000-7000-8002-000000000001';
/** Demo id kind of orders (n = 1…) and their lines (n = 0x100 × order + position). */
const ORDER_KIND = 0x52;
const HOUR = 3600 * 1000;

interface DemoLine {
  readonly name: string;
  readonly sku: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly taxRateBasisPoints: number;
}

const BENTO: DemoLine = {
  name: '幕の内弁当',
  sku: 'SM-BENTO-01',
  quantity: 1,
  unitPrice: 648,
  taxRateBasisPoints: 800,
};
const TEA: DemoLine = { name: '緑茶 500ml', sku: 'SM-TEA-500', quantity: 2, unitPrice: 162, taxRateBasisPoints: 800 };
const TOWEL: DemoLine = {
  name: 'フェイスタオル',
  sku: 'SM-TOWEL-01',
  quantity: 1,
  unitPrice: 880,
  taxRateBasisPoints: 1000,
};

/** The orders: status, lines and how many hours ago each was placed. */
const DEMO_ORDERS: readonly { status: OrderStatus; lines: DemoLine[]; hoursAgo: number; reason?: string }[] = [
  { status: OrderStatus.closed, lines: [BENTO, TEA], hoursAgo: 72 },
  { status: OrderStatus.fulfilled, lines: [TOWEL], hoursAgo: 48 },
  { status: OrderStatus.cancelled, lines: [TEA], hoursAgo: 30, reason: 'お客様のご都合によるキャンセル' },
  { status: OrderStatus.paid, lines: [BENTO, TOWEL], hoursAgo: 5 },
  { status: OrderStatus.open, lines: [BENTO, TEA, TOWEL], hoursAgo: 1 },
];

/** The instants an order in `status` has passed through, an hour apart after it was placed. */
function stamps(status: OrderStatus, placedAt: Date) {
  const at = (hours: number) => new Date(placedAt.getTime() + hours * HOUR);
  const reached = (...statuses: OrderStatus[]) => statuses.includes(status);
  return {
    paidAt: reached(OrderStatus.paid, OrderStatus.fulfilled, OrderStatus.closed) ? at(0) : null,
    fulfilledAt: reached(OrderStatus.fulfilled, OrderStatus.closed) ? at(1) : null,
    closedAt: reached(OrderStatus.closed) ? at(2) : null,
    cancelledAt: reached(OrderStatus.cancelled) ? at(1) : null,
  };
}

/** Loads the demo orders when none of them exists and 渋谷店 does (idempotent). */
export async function loadDemoOrders(em: EntityManager, now = new Date()): Promise<void> {
  const ids = DEMO_ORDERS.map((_, i) => demoId(ORDER_KIND, i + 1));
  if ((await em.count(SalesOrder, { id: { $in: ids } })) > 0) return;
  const store = await em.execute<unknown[]>('select 1 from "store" where "id" = ? and "business_account_id" = ?', [
    SHIBUYA,
    SAKURA_MART,
  ]);
  if (store.length === 0) return;
  await em.transactional(async (tx) => {
    for (const [i, demo] of DEMO_ORDERS.entries()) {
      const [counter] = await tx.execute<{ last_number: number }[]>(
        `insert into "sales_order_counter" ("business_account_id", "last_number") values (?, 1)
         on conflict ("business_account_id") do update set "last_number" = "sales_order_counter"."last_number" + 1
         returning "last_number"`,
        [SAKURA_MART],
      );
      const placedAt = new Date(now.getTime() - demo.hoursAgo * HOUR);
      const total = demo.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
      const tax = includedTax(demo.lines);
      const times = stamps(demo.status, placedAt);
      tx.create(SalesOrder, {
        id: ids[i]!,
        createdAt: placedAt,
        updatedAt: placedAt,
        businessAccountId: SAKURA_MART,
        storeId: SHIBUYA,
        source: OrderSource.manual,
        sourceReference: ids[i]!,
        orderNumber: counter!.last_number,
        currency: 'JPY',
        subtotalAmount: total - tax,
        taxAmount: tax,
        totalAmount: total,
        status: demo.status,
        paymentStatus: times.paidAt ? PaymentStatus.paid : PaymentStatus.pending,
        fulfillmentStatus: times.fulfilledAt ? FulfillmentStatus.fulfilled : FulfillmentStatus.unfulfilled,
        placedAt,
        ...times,
        cancelReason: demo.reason ?? null,
      });
    }
    await tx.flush();
    DEMO_ORDERS.forEach((demo, i) =>
      demo.lines.forEach((line, position) =>
        tx.create(SalesOrderLine, {
          id: demoId(ORDER_KIND, 0x100 * (i + 1) + position + 1),
          orderId: ids[i]!,
          position: position + 1,
          ...line,
          lineTotal: line.quantity * line.unitPrice,
        }),
      ),
    );
    await tx.flush();
  });
}
