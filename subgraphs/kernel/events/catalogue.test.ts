import { describe, expect, it } from 'vitest';
import { isBusinessScope } from '../auth/scopes.js';
import {
  EVENT_CATALOGUE,
  EVENT_TYPE_NAMES,
  EVENT_TYPES,
  eventTypeScope,
  isEventType,
  receivableEventTypes,
  scopesOf,
  unreceivableEventTypes,
} from './catalogue.js';

describe('event catalogue', () => {
  it('lists the sixteen types of the design, each described', () => {
    expect(EVENT_TYPE_NAMES).toHaveLength(16);
    for (const type of EVENT_TYPE_NAMES) {
      expect(type).toMatch(/^[a-z]+\.[a-z]+$/);
      expect(EVENT_TYPES[type].length).toBeGreaterThan(10);
    }
  });

  it('recognises catalogue types only', () => {
    expect(isEventType('purchase.completed')).toBe(true);
    expect(isEventType('webhook.test')).toBe(true);
    expect(isEventType('purchase.refunded')).toBe(false);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType(42)).toBe(false);
  });

  it('names a scope decision for every type: a business read scope, or none for the test call only', () => {
    for (const type of EVENT_TYPE_NAMES) {
      const entry = EVENT_CATALOGUE[type] as { scope?: unknown };
      expect(Object.prototype.hasOwnProperty.call(entry, 'scope'), type).toBe(true);
      const scope = eventTypeScope(type);
      if (type === 'webhook.test') expect(scope).toBeNull();
      else {
        expect(scope !== null && isBusinessScope(scope), type).toBe(true);
        expect(scope, type).toMatch(/\.read$/);
      }
    }
  });

  it('gives each type the read scope of the data it carries', () => {
    expect(Object.fromEntries(EVENT_TYPE_NAMES.map((type) => [type, eventTypeScope(type)]))).toEqual({
      'purchase.completed': 'sales.read',
      'receipt.claimed': 'sales.read',
      'order.created': 'store.orders.read',
      'order.paid': 'store.orders.read',
      'order.shipped': 'store.orders.read',
      'order.closed': 'store.orders.read',
      'order.cancelled': 'store.orders.read',
      'app.uninstalled': 'store.orders.read',
      'inventory.updated': 'store.inventory.read',
      'checkin.recorded': 'store.campaigns.read',
      'survey.submitted': 'store.campaigns.read',
      'customer.updated': 'store.customers.read',
      'post.published': 'sns.content.read',
      'coupon.published': 'store.coupons.read',
      'flyer.published': 'store.flyers.read',
      'webhook.test': null,
    });
  });

  it('allows a token only the types of its scopes (and the test call)', () => {
    expect(receivableEventTypes(new Set(['store.info.read']))).toEqual(['webhook.test']);
    expect(receivableEventTypes(new Set(['store.campaigns.read', 'store.info.read']))).toEqual([
      'checkin.recorded',
      'survey.submitted',
      'webhook.test',
    ]);
    expect(
      unreceivableEventTypes(
        ['purchase.completed', 'webhook.test', 'purchase.completed'],
        new Set(['store.info.read']),
      ),
    ).toEqual(['purchase.completed']);
    expect(scopesOf(['purchase.completed', 'receipt.claimed', 'customer.updated', 'webhook.test'])).toEqual([
      'sales.read',
      'store.customers.read',
    ]);
  });
});
