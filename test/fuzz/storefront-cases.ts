/**
 * Storefront webhooks whose signature verifies but whose binding does not: Shopify's own payloads of
 * each topic, signed as Shopify signs them with the secret two installed shops share (one app's
 * shops share its secret), sent with a topic header of another path, to another topic's path, or
 * with the other shop's header. Each must be refused with 401 `webhook_binding_mismatch` (not
 * `invalid_webhook_signature`: the signature verifies) and change no table. A bounded set: at most
 * three cases per path.
 */
import { getHmac } from '@shopify/shopify-api/test-helpers';
import {
  shopifyBodies,
  STOREFRONT_PATH_TOPICS,
  type SigningShop,
  type StorefrontPath,
} from '../fixtures/storefront.fixtures.js';
import type { FuzzCase } from './fuzz-case.js';

const PATHS = Object.keys(STOREFRONT_PATH_TOPICS) as StorefrontPath[];

/** The shops the cases are signed for: installed, with one secret. */
export interface StorefrontFuzzShops {
  readonly shop: SigningShop;
  readonly otherShop: SigningShop;
}

function signed(
  path: StorefrontPath,
  topic: string,
  shopHeader: string,
  body: object,
  secret: string,
  kind: string,
  n: number,
): FuzzCase {
  const bytes = JSON.stringify(body);
  return {
    operation: `POST /api/v1/webhooks/storefront/${path}`,
    position: 'signed body and headers (binding)',
    kind,
    caller: 'anonymous',
    method: 'POST',
    path: `/api/v1/webhooks/storefront/${path}`,
    headers: {
      'content-type': 'application/json',
      'X-Shopify-Topic': topic,
      'X-Shopify-Hmac-Sha256': getHmac(bytes, secret),
      'X-Shopify-Shop-Domain': shopHeader,
      'X-Shopify-Webhook-Id': `fuzz-binding-webhook-${n}`,
      'X-Shopify-Event-Id': `fuzz-binding-event-${n}`,
      'X-Shopify-API-Version': '2025-10',
      'X-Shopify-Triggered-At': '2026-06-01T00:00:00.000Z',
    },
    body: Buffer.from(bytes),
    style: 'problem',
    expected: { status: 401, code: 'webhook_binding_mismatch' },
  };
}

/** For each path: its body under the next path's topic, the next path's body and topic, its body for the other shop. */
export function storefrontBindingCases({ shop, otherShop }: StorefrontFuzzShops): FuzzCase[] {
  const bodies = shopifyBodies(shop.domain);
  return PATHS.flatMap((path, i) => {
    const next = PATHS[(i + 1) % PATHS.length]!;
    const own = STOREFRONT_PATH_TOPICS[path];
    const other = STOREFRONT_PATH_TOPICS[next];
    // Orders and inventory levels name no shop: another shop's header is caught only for the others.
    const forOtherShop = path === 'orders' || path === 'inventory' ? [] : [path];
    return [
      signed(path, other, shop.domain, bodies[path], shop.secret, `topic ${other}`, i * 3),
      signed(path, own, shop.domain, bodies[next], shop.secret, `body of ${other}`, i * 3 + 1),
      ...forOtherShop.map((p) =>
        signed(p, own, otherShop.domain, bodies[p], shop.secret, 'shop header of another shop', i * 3 + 2),
      ),
    ];
  });
}
