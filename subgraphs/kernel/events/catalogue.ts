/**
 * The event catalogue: every event type the outbox carries, delivered by outbound webhooks and live
 * subscriptions alike (DECISIONS.md, outbound webhooks and events). One list, so registration,
 * subscription filters and the API documentation agree. Descriptions are for docs and OpenAPI.
 */
export const EVENT_TYPES = {
  'purchase.completed': 'A purchase was recorded at a store (a transaction and its receipt were created).',
  'receipt.claimed': 'A customer claimed a receipt into their account.',
  'order.created':
    'An order was recorded: a sale at a terminal, an order from an installed storefront shop, or one entered by staff.',
  'order.paid': 'An open order was marked paid.',
  'order.shipped': 'An order was fulfilled (handed over or shipped).',
  'order.closed': 'A fulfilled order was closed.',
  'order.cancelled': 'An open or paid order was cancelled (a paid one is to be refunded).',
  'inventory.updated':
    "A product's stock level at a location changed: any movement of the stock ledger (an adjustment, goods received, a transfer, a stocktake, a sale), or an installed storefront shop's inventory update.",
  'checkin.recorded': 'A customer checked in at a store.',
  'survey.submitted': 'A customer submitted a survey response.',
  'app.uninstalled': 'A storefront shop uninstalled the app; its installation was deactivated.',
  'post.published': 'A store post was published.',
  'coupon.published': 'A coupon was published.',
  'flyer.published': 'A flyer was published.',
  'customer.updated': "A customer's wallet membership or profile changed.",
  'webhook.test': 'A test call sent on request to check an endpoint; carries no domain change.',
} as const satisfies Record<string, string>;

/** One event type of the catalogue. */
export type EventType = keyof typeof EVENT_TYPES;

/** The catalogue's types, in catalogue order. */
export const EVENT_TYPE_NAMES: readonly EventType[] = Object.keys(EVENT_TYPES) as EventType[];

/** Whether `value` names an event type of the catalogue (own keys only, so `toString` is not one). */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_TYPES, value);
}
