/**
 * The order state machine, pure: open -> paid -> fulfilled -> closed, and cancelled from open or paid.
 * Anything else (repeating a transition, or anything from closed or cancelled) is CONFLICT
 * invalid_transition naming the current status. The service applies a transition as one conditional
 * UPDATE over `TRANSITIONS[action].from`, so two concurrent transitions of one order cannot both win.
 */
import { registerEnumType } from 'type-graphql';
import type { EventType } from '../../kernel/events/catalogue.js';
import { ConflictError } from '../../kernel/errors.js';

/** Where an order is in its life. */
export enum OrderStatus {
  open = 'open',
  paid = 'paid',
  fulfilled = 'fulfilled',
  closed = 'closed',
  cancelled = 'cancelled',
}
registerEnumType(OrderStatus, {
  name: 'OrderStatus',
  description: 'open (placed, unpaid), paid, fulfilled (handed over or shipped), closed (done), cancelled.',
});

/** Whether the order's money came in (refunded: a paid order that was cancelled). */
export enum PaymentStatus {
  pending = 'pending',
  paid = 'paid',
  refunded = 'refunded',
}
registerEnumType(PaymentStatus, { name: 'OrderPaymentStatus', description: 'pending, paid or refunded.' });

/** Whether the goods were handed over or shipped. */
export enum FulfillmentStatus {
  unfulfilled = 'unfulfilled',
  fulfilled = 'fulfilled',
}
registerEnumType(FulfillmentStatus, { name: 'OrderFulfillmentStatus', description: 'unfulfilled or fulfilled.' });

/** Where an order came from. */
export enum OrderSource {
  pos = 'pos',
  storefront = 'storefront',
  manual = 'manual',
}
registerEnumType(OrderSource, {
  name: 'OrderSource',
  description: 'pos (a sale recorded at a terminal), storefront (an online shop order), manual (entered by staff).',
});

/** What can be done to an order. */
export type OrderAction = 'pay' | 'fulfil' | 'close' | 'cancel';

/** One allowed transition: the statuses it starts from, where it goes, and the event it writes. */
export interface Transition {
  readonly from: readonly OrderStatus[];
  readonly to: OrderStatus;
  readonly event: EventType;
  /** The timestamp column it sets. */
  readonly stamp: 'paid_at' | 'fulfilled_at' | 'closed_at' | 'cancelled_at';
}

export const TRANSITIONS: Readonly<Record<OrderAction, Transition>> = {
  pay: { from: [OrderStatus.open], to: OrderStatus.paid, event: 'order.paid', stamp: 'paid_at' },
  fulfil: { from: [OrderStatus.paid], to: OrderStatus.fulfilled, event: 'order.shipped', stamp: 'fulfilled_at' },
  close: { from: [OrderStatus.fulfilled], to: OrderStatus.closed, event: 'order.closed', stamp: 'closed_at' },
  cancel: {
    from: [OrderStatus.open, OrderStatus.paid],
    to: OrderStatus.cancelled,
    event: 'order.cancelled',
    stamp: 'cancelled_at',
  },
};

/** The CONFLICT of `action` on an order whose status is `current`. */
export function invalidTransition(current: OrderStatus, action: OrderAction): ConflictError {
  return new ConflictError(
    `The order is ${current}: it cannot be ${PAST[action]} (allowed from ${TRANSITIONS[action].from.join(' or ')}).`,
    'invalid_transition',
  );
}

const PAST: Readonly<Record<OrderAction, string>> = {
  pay: 'marked paid',
  fulfil: 'fulfilled',
  close: 'closed',
  cancel: 'cancelled',
};

/** The status after `action` from `current`; throws CONFLICT invalid_transition when not allowed. */
export function nextStatus(current: OrderStatus, action: OrderAction): OrderStatus {
  const transition = TRANSITIONS[action];
  if (!transition.from.includes(current)) throw invalidTransition(current, action);
  return transition.to;
}
