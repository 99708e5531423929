/** What binds a signed storefront body to its path and shop, on Shopify's own payload shapes. */
import { describe, expect, it } from 'vitest';
import {
  shopifyBodies,
  STOREFRONT_PATH_TOPICS,
  type StorefrontPath,
} from '../../../test/fixtures/storefront.fixtures.js';
import { bindsTo, topicBelongsTo } from './storefront-binding.js';
import { normalizeShopDomain } from './storefront.service.js';

const SHOP = 'super-toys.myshopify.com';
const PATHS = Object.keys(STOREFRONT_PATH_TOPICS) as StorefrontPath[];
const bodies = shopifyBodies(SHOP);
const binds = (path: StorefrontPath, topic: string | null, body: unknown, shop = SHOP) =>
  bindsTo(path, topic, shop, typeof body === 'string' ? body : JSON.stringify(body), normalizeShopDomain);

describe('topicBelongsTo', () => {
  it('maps orders/* and inventory_levels/* to their paths and each other topic to its own', () => {
    for (const topic of ['orders/create', 'orders/updated', 'orders/paid', 'orders/fulfilled'])
      expect(topicBelongsTo('orders', topic)).toBe(true);
    expect(topicBelongsTo('inventory', 'inventory_levels/connect')).toBe(true);
    expect(topicBelongsTo('app-uninstalled', 'app/uninstalled')).toBe(true);
    for (const topic of [null, '', 'orders/', 'orders', 'shop/redact', 'inventory_levels/update', 'ORDERS/CREATE'])
      expect(topicBelongsTo('orders', topic), String(topic)).toBe(false);
    expect(topicBelongsTo('shop-redact', 'customers/redact')).toBe(false);
    expect(topicBelongsTo('customers-redact', 'customers/data_request')).toBe(false);
  });
});

describe('bindsTo', () => {
  it('accepts each topic’s body on its own path only, whatever topic header goes with it', () => {
    for (const path of PATHS)
      for (const bodyOf of PATHS) {
        expect(binds(path, STOREFRONT_PATH_TOPICS[path], bodies[bodyOf]), `${bodyOf} body to ${path}`).toBe(
          path === bodyOf,
        );
        if (path !== bodyOf)
          expect(binds(path, STOREFRONT_PATH_TOPICS[bodyOf], bodies[bodyOf]), `${bodyOf} topic to ${path}`).toBe(false);
      }
  });

  it('refuses a body naming another shop than the header, and accepts the header in another spelling', () => {
    for (const path of ['app-uninstalled', 'customers-data-request', 'customers-redact', 'shop-redact'] as const) {
      expect(binds(path, STOREFRONT_PATH_TOPICS[path], bodies[path], 'other-shop.myshopify.com'), path).toBe(false);
      const shouted = shopifyBodies(`${SHOP.toUpperCase()}.`)[path];
      expect(binds(path, STOREFRONT_PATH_TOPICS[path], shouted), path).toBe(true);
    }
    expect(binds('shop-redact', 'shop/redact', { shop_id: 1, shop_domain: 42 })).toBe(false);
  });

  it('takes a Shop’s myshopify_domain over its custom domain, and domain alone when that is all it has', () => {
    expect(
      binds('app-uninstalled', 'app/uninstalled', { id: 1, domain: 'shop.example.com', myshopify_domain: SHOP }),
    ).toBe(true);
    expect(binds('app-uninstalled', 'app/uninstalled', { id: 1, domain: SHOP })).toBe(true);
    expect(binds('app-uninstalled', 'app/uninstalled', { id: 1, domain: 'shop.example.com' })).toBe(false);
    expect(binds('app-uninstalled', 'app/uninstalled', { id: 1 })).toBe(false);
  });

  it('leaves a malformed order to the order check (400), but refuses other topics’ members in it', () => {
    expect(binds('orders', 'orders/create', 'not json')).toBe(true);
    expect(binds('orders', 'orders/create', [1, 2])).toBe(true);
    expect(binds('orders', 'orders/create', { id: 'x', line_items: [{ quantity: 0 }] })).toBe(true);
    expect(binds('orders', 'orders/create', { ...bodies.orders, shop_domain: SHOP })).toBe(false);
    for (const path of PATHS.filter((p) => p !== 'orders'))
      expect(binds(path, STOREFRONT_PATH_TOPICS[path], 'not json'), path).toBe(false);
  });

  it('keeps the minimal bodies the privacy topics are sent with working', () => {
    expect(binds('customers-redact', 'customers/redact', { customer: { email: 'hana@example.com' } })).toBe(true);
    expect(
      binds('customers-data-request', 'customers/data_request', { customer: { id: 1 }, orders_requested: [] }),
    ).toBe(true);
    expect(binds('shop-redact', 'shop/redact', { shop_domain: SHOP })).toBe(true);
    expect(binds('shop-redact', 'shop/redact', { shop_domain: SHOP, customer: { id: 1 } })).toBe(false);
    expect(
      binds('customers-redact', 'customers/redact', {
        ...bodies['customers-redact'],
        orders_requested: [],
      }),
    ).toBe(false);
  });
});
