/**
 * Inbound storefront webhooks (interface: Inbound storefront webhooks; anchor: Shopify). Six POST
 * paths, one GraphQL operation: the row passes the raw body (base64) and the Shopify headers; the
 * subgraph verifies the HMAC, checks an order's shape, stores the delivery once per event id and
 * answers at once; the worker applies it afterwards. Success is 200 with no body.
 */
import type { HeaderParamSpec, Route, RouteInput } from '../kernel/route.js';
import { receiveStorefrontWebhook } from './storefront.operations.js';

const TAG = 'Storefront webhooks';

/**
 * Largest body accepted: its base64 (4/3 of it) plus the request around it must fit the 1 MiB JSON
 * limit of `/graphql` between the services of the separate topology. Shopify order payloads are tens
 * to a few hundred KB; a larger one is refused with 413 (and redelivered by Shopify, then dropped).
 */
export const STOREFRONT_MAX_BODY_BYTES = 750 * 1024;

export const STOREFRONT_HEADERS: Readonly<Record<string, HeaderParamSpec>> = {
  'X-Shopify-Hmac-Sha256': {
    description:
      'Base64 HMAC-SHA256 of the raw request body under the shop’s shared secret (set with `webhook-secret:set` or ' +
      '`shop:install`); ' +
      'compared in constant time.',
    maxLength: 128,
  },
  'X-Shopify-Shop-Domain': {
    description:
      'The shop domain (Shopify: its permanent `<name>.myshopify.com`; any DNS hostname, matched lowercase without a ' +
      'trailing dot): selects the installation and its secret. A body that names a shop (`shop_domain`, else ' +
      '`myshopify_domain`, else `domain`) must name this one.',
    maxLength: 255,
  },
  'X-Shopify-Topic': {
    description:
      'The topic; it must be present and be the path’s (else 401): `orders/*` (e.g. `orders/create`, `orders/fulfilled`) on ' +
      '`orders`, `inventory_levels/*` on `inventory`, `app/uninstalled`, `customers/data_request`, ' +
      '`customers/redact` and `shop/redact` on theirs. Stored with the delivery.',
    maxLength: 128,
  },
  'X-Shopify-Event-Id': {
    description: 'The event id, the dedupe key per shop: a redelivery is answered 200 and changes nothing.',
    maxLength: 255,
  },
  'X-Shopify-Webhook-Id': {
    description:
      'The delivery id, the dedupe key when `X-Shopify-Event-Id` is absent (without either, the SHA-256 of the body is).',
    maxLength: 255,
  },
};

const UNAUTHORIZED =
  '`X-Shopify-Hmac-Sha256` is missing or does not verify, or the shop is not installed (`invalid_webhook_signature`; ' +
  'one answer for all three). Or the signed body does not belong here (`webhook_binding_mismatch`): the signature ' +
  'covers the body alone, so `X-Shopify-Topic` must be present and be the path’s topic, the body must have that ' +
  'topic’s shape (its own members, none that only another topic’s body carries), and the shop it names must be ' +
  '`X-Shopify-Shop-Domain`. A body signed for one topic never acts on another path. Nothing is stored.';
const TOO_LARGE = `The body exceeds ${STOREFRONT_MAX_BODY_BYTES / 1024} KiB (\`body_too_large\`).`;

function variables(kind: string) {
  return ({ rawBody, headers = {} }: RouteInput) => ({
    input: {
      kind,
      bodyBase64: (rawBody ?? Buffer.alloc(0)).toString('base64'),
      hmac: headers['X-Shopify-Hmac-Sha256'] ?? null,
      shopDomain: headers['X-Shopify-Shop-Domain'] ?? null,
      topic: headers['X-Shopify-Topic'] ?? null,
      eventId: headers['X-Shopify-Event-Id'] ?? headers['X-Shopify-Webhook-Id'] ?? null,
    },
  });
}

function row(
  kind: string,
  summary: string,
  shape: string,
  effect: string,
  extraErrors: Readonly<Record<number, string>> = {},
): Route {
  return {
    method: 'POST',
    path: `/api/v1/webhooks/storefront/${kind}`,
    operation: receiveStorefrontWebhook(kind),
    tag: TAG,
    summary,
    description:
      'Called by the storefront platform (anchor: Shopify), not by API clients: the body is the platform’s JSON payload, read ' +
      `as raw bytes (at most ${STOREFRONT_MAX_BODY_BYTES / 1024} KiB, any media type) and authenticated by its HMAC; ` +
      `${shape} Answered ` +
      `200 with no body as soon as the delivery is stored; the worker then ${effect} Events are written to the outbox in the ` +
      'same transaction as their change, for the installation’s business account.',
    headerParams: STOREFRONT_HEADERS,
    rawBody: { maxBytes: STOREFRONT_MAX_BODY_BYTES },
    variables: variables(kind),
    result: () => null,
    status: 200,
    responseSchema: null,
    answer: { kind: 'empty' },
    errors: { ...extraErrors, 401: UNAUTHORIZED, 413: TOO_LARGE },
  };
}

export const storefrontRoutes: readonly Route[] = [
  row(
    'orders',
    'Receive an order notification',
    'topic `orders/*`; the body is an order (it names no shop).',
    'records the order as a transaction and an order of the shop’s store (at the installation’s terminal) and writes `order.created`; ' +
      'a paid order (`financial_status: paid`) writes `order.paid`, a fulfilled one (or a later update that fulfils it) `order.shipped`, each once.',
    {
      400:
        'The order payload is malformed: not a JSON object, or `id`, `currency`, `total_price` or `line_items` missing or ' +
        'invalid (`malformed_order`; `errors` names each field). Checked after the signature and the binding (401). ' +
        'Nothing is stored.',
    },
  ),
  row(
    'inventory',
    'Receive an inventory level update',
    'topic `inventory_levels/*`; the body has `inventory_item_id` and `location_id` (it names no shop).',
    'stores the available quantity per (inventory item, location) and writes `inventory.updated` (an older update never ' +
      'overwrites a newer level).',
  ),
  row(
    'app-uninstalled',
    'Receive the app’s removal from a shop',
    'topic `app/uninstalled`; the body is the Shop, whose `myshopify_domain` (else `domain`) is the shop header.',
    'marks the installation uninstalled and writes `app.uninstalled`.',
  ),
  row(
    'customers-data-request',
    'Receive a customer data request (privacy)',
    'topic `customers/data_request`; the body has `customer` and `orders_requested` or `data_request`, and its ' +
      '`shop_domain`, when present, is the shop header.',
    'records an export of what is stored about the customer (their orders’ customer fields and transactions) for the shop.',
  ),
  row(
    'customers-redact',
    'Receive a customer erasure request (privacy)',
    'topic `customers/redact`; the body has `customer` (no `orders_requested`), and its `shop_domain`, when present, ' +
      'is the shop header.',
    'erases the customer’s fields from the shop’s orders (and earlier exports) and records the erasure.',
  ),
  row(
    'shop-redact',
    'Receive a shop erasure request (privacy)',
    'topic `shop/redact`; the body’s `shop_domain` is the shop header (and it names no customer).',
    'erases every customer field of the shop’s orders (and its exports) and records the erasure.',
  ),
];
