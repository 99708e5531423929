/**
 * The one place orders are written: recording a new order (POS, storefront and manual alike, with
 * `order.created`) and moving one through the state machine (with its event), each in the caller's
 * EntityManager so the change and its outbox event commit together, inside the caller's transaction
 * (the POS sale, the storefront delivery's savepoint, the service's own).
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { NotFoundError } from '../../kernel/errors.js';
import { OutboxEvent } from '../../kernel/events/outbox-event.entity.js';
import { SalesOrder, SalesOrderLine } from './order.entity.js';
import {
  FulfillmentStatus,
  invalidTransition,
  OrderStatus,
  PaymentStatus,
  TRANSITIONS,
  type OrderAction,
  type OrderSource,
} from './order-state.js';

/** One line of a new order (amounts in minor units, tax included). */
export interface OrderLineDraft {
  readonly name: string;
  readonly sku?: string | null;
  readonly productId?: string | null;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly taxRateBasisPoints?: number | null;
}

/** A new order, valid already (the caller checked it). */
export interface OrderDraft {
  readonly businessAccountId: string;
  readonly storeId: string;
  readonly source: OrderSource;
  /** Unique per source; a manual order's own id when absent. */
  readonly sourceReference?: string;
  readonly transactionId?: string | null;
  readonly customerId?: string | null;
  readonly currency: string;
  readonly totalAmount: number;
  readonly taxAmount: number;
  /** open, or paid (a POS sale, a storefront order the shop reports paid). */
  readonly paid: boolean;
  readonly placedAt: Date;
  readonly lines: readonly OrderLineDraft[];
}

/** Facts an event carries besides the order's own (a storefront order's shop and order name). */
export type EventFacts = Readonly<Record<string, unknown>>;

const orderNotFound = () => new NotFoundError('No order of this business has this id.', 'order_not_found');

/** What every order event says about the order. */
function orderFacts(order: SalesOrder): Record<string, unknown> {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    source: order.source,
    sourceReference: order.sourceReference,
    storeId: order.storeId,
    transactionId: order.transactionId ?? null,
    customerId: order.customerId ?? null,
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    subtotalAmount: order.subtotalAmount,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    currency: order.currency,
  };
}

/** The next order number of a business: one upsert, whose row lock orders concurrent orders. */
async function nextOrderNumber(em: EntityManager, businessAccountId: string): Promise<number> {
  const [row] = await em.execute<{ last_number: number }[]>(
    `insert into "sales_order_counter" ("business_account_id", "last_number") values (?, 1)
     on conflict ("business_account_id") do update set "last_number" = "sales_order_counter"."last_number" + 1
     returning "last_number"`,
    [businessAccountId],
  );
  return row!.last_number;
}

/**
 * Records a new order with its lines and `order.created`, in `em`. An order already recorded for the
 * same source and reference is left as it is: answers null (nothing written).
 */
export async function recordOrder(
  em: EntityManager,
  draft: OrderDraft,
  now: Date,
  facts: EventFacts = {},
): Promise<SalesOrder | null> {
  const id = uuidv7(now.getTime());
  const number = await nextOrderNumber(em, draft.businessAccountId);
  const payment = draft.paid ? PaymentStatus.paid : PaymentStatus.pending;
  const rows = await em.execute<Record<string, unknown>[]>(
    `insert into "sales_order" ("id", "created_at", "updated_at", "business_account_id", "store_id", "source",
       "source_reference", "order_number", "transaction_id", "customer_id", "currency", "subtotal_amount", "tax_amount",
       "total_amount", "status", "payment_status", "fulfillment_status", "placed_at", "paid_at")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict ("source", "source_reference") do nothing
     returning *`,
    [
      id,
      now,
      now,
      draft.businessAccountId,
      draft.storeId,
      draft.source,
      draft.sourceReference ?? id,
      number,
      draft.transactionId ?? null,
      draft.customerId ?? null,
      draft.currency,
      draft.totalAmount - draft.taxAmount,
      draft.taxAmount,
      draft.totalAmount,
      draft.paid ? OrderStatus.paid : OrderStatus.open,
      payment,
      FulfillmentStatus.unfulfilled,
      draft.placedAt,
      draft.paid ? now : null,
    ],
  );
  if (rows.length === 0) return null;
  const order = em.map(SalesOrder, rows[0]!);
  draft.lines.forEach((line, i) =>
    em.create(SalesOrderLine, {
      orderId: order.id,
      position: i + 1,
      name: line.name,
      sku: line.sku ?? null,
      productId: line.productId ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRateBasisPoints: line.taxRateBasisPoints ?? null,
      lineTotal: line.quantity * line.unitPrice,
    }),
  );
  em.create(OutboxEvent, {
    type: 'order.created',
    businessAccountId: order.businessAccountId,
    occurredAt: now,
    payload: {
      ...orderFacts(order),
      itemCount: draft.lines.length,
      occurredAt: order.placedAt.toISOString(),
      ...facts,
    },
  });
  await em.flush();
  return order;
}

/** What the UPDATE of each action sets besides the status and its timestamp. */
const SIDE_EFFECTS: Readonly<Record<OrderAction, string>> = {
  pay: `, "payment_status" = '${PaymentStatus.paid}'`,
  fulfil: `, "fulfillment_status" = '${FulfillmentStatus.fulfilled}'`,
  close: '',
  cancel: `, "payment_status" = case when "payment_status" = '${PaymentStatus.paid}' then '${PaymentStatus.refunded}' else "payment_status" end, "cancel_reason" = ?`,
};

/** The instant field an event of each action names. */
const EVENT_INSTANT: Readonly<Record<OrderAction, string>> = {
  pay: 'paidAt',
  fulfil: 'shippedAt',
  close: 'closedAt',
  cancel: 'cancelledAt',
};

/** Which order a transition acts on: its id, and the business it must belong to (null: the operator, any). */
export interface OrderTarget {
  readonly orderId: string;
  readonly businessAccountId: string | null;
}

/**
 * Applies `action` to an order by ONE conditional UPDATE (`status in <allowed from>`), writing its
 * event in `em`: of two concurrent transitions only one matches the row. An order of another business
 * is NOT_FOUND order_not_found; one whose status does not allow `action` is CONFLICT invalid_transition.
 */
export async function transitionOrder(
  em: EntityManager,
  target: OrderTarget,
  action: OrderAction,
  now: Date,
  options: { readonly reason?: string | null; readonly facts?: EventFacts } = {},
): Promise<SalesOrder> {
  const transition = TRANSITIONS[action];
  const ofBusiness = target.businessAccountId ? ' and "business_account_id" = ?' : '';
  const rows = await em.execute<Record<string, unknown>[]>(
    `update "sales_order" set "status" = ?, "${transition.stamp}" = ?, "updated_at" = ?${SIDE_EFFECTS[action]}
     where "id" = ? and "status" in (${transition.from.map(() => '?').join(', ')})${ofBusiness}
     returning *`,
    [
      transition.to,
      now,
      now,
      ...(action === 'cancel' ? [options.reason ?? null] : []),
      target.orderId,
      ...transition.from,
      ...(target.businessAccountId ? [target.businessAccountId] : []),
    ],
  );
  if (rows.length === 0) throw await refusal(em, target, action);
  const order = em.map(SalesOrder, rows[0]!);
  em.create(OutboxEvent, {
    type: transition.event,
    businessAccountId: order.businessAccountId,
    occurredAt: now,
    payload: {
      ...orderFacts(order),
      [EVENT_INSTANT[action]]: now.toISOString(),
      ...(action === 'cancel' ? { cancelReason: order.cancelReason ?? null } : {}),
      ...options.facts,
    },
  });
  await em.flush();
  return order;
}

/** Why a transition matched no row: the order is not the caller's, or its status forbids it. */
async function refusal(em: EntityManager, target: OrderTarget, action: OrderAction): Promise<Error> {
  const ofBusiness = target.businessAccountId ? ' and "business_account_id" = ?' : '';
  const [row] = await em.execute<{ status: OrderStatus }[]>(
    `select "status" from "sales_order" where "id" = ?${ofBusiness}`,
    [target.orderId, ...(target.businessAccountId ? [target.businessAccountId] : [])],
  );
  return row ? invalidTransition(row.status, action) : orderNotFound();
}
