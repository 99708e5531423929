/**
 * The event catalogue: every event type the outbox carries, delivered by outbound webhooks and live
 * subscriptions alike. One list, so registration, subscription filters, delivery and the API
 * documentation agree. Each type names the read scope of the data it carries (as a Shopify webhook
 * topic needs the topic's access scope): an app receives a type only while its token or grant holds
 * that scope. `null` is for a type that carries no business data (the test call). Descriptions are for
 * docs and OpenAPI.
 */
import type { BusinessScope } from '../auth/scopes.js';

/** One catalogue entry: what the event says, and the scope an app needs to receive it. */
export interface EventTypeEntry {
  readonly scope: BusinessScope | null;
  readonly description: string;
}

export const EVENT_CATALOGUE = {
  'purchase.completed': {
    scope: 'sales.read',
    description: 'A purchase was recorded at a store (a transaction and its receipt were created).',
  },
  'receipt.claimed': { scope: 'sales.read', description: 'A customer claimed a receipt into their account.' },
  'order.created': {
    scope: 'store.orders.read',
    description:
      'An order was recorded: a sale at a terminal, an order from an installed storefront shop, or one entered by staff.',
  },
  'order.paid': { scope: 'store.orders.read', description: 'An open order was marked paid.' },
  'order.shipped': { scope: 'store.orders.read', description: 'An order was fulfilled (handed over or shipped).' },
  'order.closed': { scope: 'store.orders.read', description: 'A fulfilled order was closed.' },
  'order.cancelled': {
    scope: 'store.orders.read',
    description: 'An open or paid order was cancelled (a paid one is to be refunded).',
  },
  'inventory.updated': {
    scope: 'store.inventory.read',
    description:
      "A product's stock level at a location changed: any movement of the stock ledger (an adjustment, goods received, a transfer, a stocktake, a sale), or an installed storefront shop's inventory update.",
  },
  'checkin.recorded': { scope: 'store.campaigns.read', description: 'A customer checked in at a store.' },
  'survey.submitted': { scope: 'store.campaigns.read', description: 'A customer submitted a survey response.' },
  'app.uninstalled': {
    scope: 'store.orders.read',
    description: 'A storefront shop uninstalled the app; its installation was deactivated.',
  },
  'post.published': { scope: 'sns.content.read', description: 'A store post was published.' },
  'coupon.published': { scope: 'store.coupons.read', description: 'A coupon was published.' },
  'flyer.published': { scope: 'store.flyers.read', description: 'A flyer was published.' },
  'customer.updated': {
    scope: 'store.customers.read',
    description: "A customer's wallet membership or profile changed.",
  },
  'webhook.test': {
    scope: null,
    description: 'A test call sent on request to check an endpoint; carries no domain change.',
  },
} as const satisfies Record<string, EventTypeEntry>;

/** One event type of the catalogue. */
export type EventType = keyof typeof EVENT_CATALOGUE;

/** The catalogue's types, in catalogue order. */
export const EVENT_TYPE_NAMES: readonly EventType[] = Object.keys(EVENT_CATALOGUE) as EventType[];

/** Each type's description, in catalogue order. */
export const EVENT_TYPES: Readonly<Record<EventType, string>> = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => [type, EVENT_CATALOGUE[type].description]),
) as Record<EventType, string>;

/** Whether `value` names an event type of the catalogue (own keys only, so `toString` is not one). */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_CATALOGUE, value);
}

/** The scope a receiver needs for `type`; null when it needs none. */
export function eventTypeScope(type: EventType): BusinessScope | null {
  return (EVENT_CATALOGUE[type] as EventTypeEntry).scope;
}

/** Whether `scopes` allow receiving `type` (a type of no scope is allowed to every business token). */
export function mayReceive(type: EventType, scopes: ReadonlySet<string>): boolean {
  const scope = eventTypeScope(type);
  return scope === null || scopes.has(scope);
}

/** The catalogue types `scopes` allow, in catalogue order. */
export function receivableEventTypes(scopes: ReadonlySet<string>): EventType[] {
  return EVENT_TYPE_NAMES.filter((type) => mayReceive(type, scopes));
}

/** The entries of `types` (catalogue types) that `scopes` do not allow, each once, in the order given. */
export function unreceivableEventTypes(types: readonly EventType[], scopes: ReadonlySet<string>): EventType[] {
  return [...new Set(types)].filter((type) => !mayReceive(type, scopes));
}

/** `type (scope)` for each type, for messages naming what is missing. */
export function describeMissingScopes(types: readonly EventType[]): string {
  return types.map((type) => `${type} (${eventTypeScope(type)})`).join(', ');
}

/** The distinct scopes `types` need, in the order given. */
export function scopesOf(types: readonly EventType[]): string[] {
  return [...new Set(types.map(eventTypeScope).filter((scope): scope is BusinessScope => scope !== null))];
}
