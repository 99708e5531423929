/**
 * What binds a signed storefront body to the path and shop it arrives with. Shopify's signature
 * covers the body only: the path, `X-Shopify-Topic` and `X-Shopify-Shop-Domain` are not signed, so a
 * body signed for one topic or shop could be replayed to another path or, when shops share the app's
 * secret, with another shop's header. Each is checked against the body:
 *
 * - the topic must be present and belong to the path (`orders/*` -> orders, `inventory_levels/*` ->
 *   inventory, and one topic for each of the four others);
 * - the body must have that topic's shape: the members that only its topic carries, and none of the
 *   members that only another topic carries (anchor: Shopify's REST webhook payloads);
 * - the body's shop, when it names one (`shop_domain`, else `myshopify_domain`, else `domain`), must
 *   be the header's. Orders and inventory levels name no shop: for them the signature and the topic
 *   are the binding. `domain` counts only without `myshopify_domain`: a Shop resource's `domain` is its
 *   primary (possibly custom) domain, its `myshopify_domain` is what the header carries.
 *
 * A malformed order is not a mismatch: the orders path answers it 400 naming the fields, as long as
 * it carries nothing of another topic.
 */
import { isObject, parseJson, type Json, type JsonObject } from './storefront-payload.js';
import type { StorefrontWebhookKind } from './storefront-webhook.entity.js';

/** The topic (or topic family, ending in `/`) each path takes. */
export const STOREFRONT_TOPICS: Readonly<Record<StorefrontWebhookKind, string>> = {
  orders: 'orders/',
  inventory: 'inventory_levels/',
  'app-uninstalled': 'app/uninstalled',
  'customers-data-request': 'customers/data_request',
  'customers-redact': 'customers/redact',
  'shop-redact': 'shop/redact',
};

/**
 * Members that identify a topic's body. A body may carry only those of its own topic: an order's
 * `line_items`, an inventory level's `inventory_item_id`, a Shop's `myshopify_domain`, the privacy
 * topics' `shop_id` and `shop_domain`, a data request's `orders_requested` and `data_request`, a
 * customer erasure's `orders_to_redact`, and `customer` (orders and the two customer topics).
 */
const OWN_MEMBERS: Readonly<Record<StorefrontWebhookKind, readonly string[]>> = {
  orders: ['line_items', 'total_price', 'customer'],
  inventory: ['inventory_item_id'],
  'app-uninstalled': ['myshopify_domain'],
  'customers-data-request': ['shop_id', 'shop_domain', 'customer', 'orders_requested', 'data_request'],
  'customers-redact': ['shop_id', 'shop_domain', 'customer', 'orders_to_redact'],
  'shop-redact': ['shop_id', 'shop_domain'],
};
const IDENTIFYING = new Set(Object.values(OWN_MEMBERS).flat());

const has = (body: JsonObject, key: string): boolean => body[key] !== undefined && body[key] !== null;
const isText = (value: Json | undefined): boolean => typeof value === 'string' && value.trim() !== '';

/** Whether the body carries what its topic must (orders: checked as an order, with 400). */
const REQUIRED: Readonly<Record<StorefrontWebhookKind, (body: JsonObject) => boolean>> = {
  orders: () => true,
  inventory: (b) => has(b, 'inventory_item_id') && has(b, 'location_id'),
  'app-uninstalled': (b) => isText(b.myshopify_domain) || isText(b.domain),
  'customers-data-request': (b) =>
    isObject(b.customer) && (Array.isArray(b.orders_requested) || isObject(b.data_request)),
  'customers-redact': (b) => isObject(b.customer),
  'shop-redact': (b) => isText(b.shop_domain),
};

/** Whether `topic` (X-Shopify-Topic) belongs to the path `kind`. */
export function topicBelongsTo(kind: StorefrontWebhookKind, topic: string | null | undefined): boolean {
  const expected = STOREFRONT_TOPICS[kind];
  const given = topic?.trim() ?? '';
  return expected.endsWith('/') ? given.startsWith(expected) && given.length > expected.length : given === expected;
}

/** The shop a body names: `shop_domain`, else `myshopify_domain`, else `domain`; undefined when none. */
export function bodyShop(body: JsonObject): Json | undefined {
  for (const key of ['shop_domain', 'myshopify_domain', 'domain'])
    if (body[key] !== undefined && body[key] !== null) return body[key];
  return undefined;
}

/** Whether a parsed body has the shape of `kind`'s topic. */
export function hasTopicShape(kind: StorefrontWebhookKind, body: JsonObject): boolean {
  const own = new Set(OWN_MEMBERS[kind]);
  const foreign = Object.keys(body).some((key) => IDENTIFYING.has(key) && !own.has(key) && has(body, key));
  return !foreign && REQUIRED[kind](body);
}

/**
 * Whether the signed `text` may act on path `kind` for the shop `shopDomain` (the header, normalized)
 * under `topic`. `normalize` is how shop domains are compared (the stored form).
 */
export function bindsTo(
  kind: StorefrontWebhookKind,
  topic: string | null | undefined,
  shopDomain: string,
  text: string,
  normalize: (domain: string) => string | null,
): boolean {
  if (!topicBelongsTo(kind, topic)) return false;
  let body: Json;
  try {
    body = parseJson(text);
  } catch {
    return kind === 'orders'; // not JSON: a malformed order (400), anything else is no body of its topic
  }
  if (!isObject(body)) return kind === 'orders';
  if (!hasTopicShape(kind, body)) return false;
  const shop = bodyShop(body);
  return shop === undefined || (typeof shop === 'string' && normalize(shop) === shopDomain);
}
