/** Reading storefront payloads and checking their signatures, without a database. */
import { getHmac } from '@shopify/shopify-api/test-helpers';
import { describe, expect, it } from 'vitest';
import { currencyExponent, minorUnits, parseJson, readOrder } from './storefront-payload.js';
import { storefrontSignature, verifyStorefrontSignature } from './storefront-signature.js';
import { normalizeShopDomain } from './storefront.service.js';

describe('parseJson', () => {
  it('keeps integers beyond 2^53 as their exact digits and leaves the others numbers', () => {
    expect(parseJson('{"id": 820982911946154508, "n": 42, "x": 1.5}')).toEqual({
      id: '820982911946154508',
      n: 42,
      x: 1.5,
    });
  });
});

describe('minorUnits', () => {
  it('converts decimal amounts exactly in the currency’s minor unit', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('USD')).toBe(2);
    expect(minorUnits('1980.00', 0)).toBe(1980);
    expect(minorUnits('19.99', 2)).toBe(1999);
    expect(minorUnits('19.9', 2)).toBe(1990);
    expect(minorUnits(7, 2)).toBe(700);
    expect(minorUnits('-5.00', 2)).toBe(-500);
    expect(minorUnits('19.5', 0)).toBe('has more than 0 decimals');
    expect(minorUnits('abc', 2)).toBe('must be a decimal amount');
    expect(minorUnits(null, 2)).toBe('must be a decimal amount');
  });
});

describe('readOrder', () => {
  const order = {
    id: 1,
    currency: 'USD',
    total_price: '25.00',
    line_items: [{ title: 'Tea', quantity: 2, price: '10.00' }],
    customer: { id: 5, email: 'a@example.com', first_name: 'A', last_name: 'B' },
  };

  it('reads a valid order, balancing shipping into one adjustment line', () => {
    expect(readOrder(JSON.stringify(order))).toMatchObject({
      shopOrderId: '1',
      totalAmount: 2500,
      items: [
        { name: 'Tea', unitPrice: 1000, quantity: 2 },
        { name: 'Shipping and adjustments', unitPrice: 500, quantity: 1 },
      ],
      customer: { shopCustomerId: '5', email: 'a@example.com', name: 'A B', phone: null },
      fulfilled: false,
    });
  });

  it('keeps a line’s SKU when the catalogue could hold it, and ignores any other value', () => {
    const lines = [
      { title: 'Tea', quantity: 1, price: '10.00', sku: ' TEA-500 ' },
      { title: 'Cup', quantity: 1, price: '10.00', sku: 'has space' },
      { title: 'Pot', quantity: 1, price: '5.00', sku: 42 },
    ];
    const read = readOrder(JSON.stringify({ ...order, line_items: lines }));
    expect(Array.isArray(read) ? read : read.items).toEqual([
      { name: 'Tea', unitPrice: 1000, quantity: 1, sku: 'TEA-500' },
      { name: 'Cup', unitPrice: 1000, quantity: 1 },
      { name: 'Pot', unitPrice: 500, quantity: 1 },
    ]);
  });

  it('names every malformed field', () => {
    const errors = readOrder(JSON.stringify({ ...order, id: -1, created_at: 'yesterday', line_items: 'none' }));
    expect(Array.isArray(errors) && errors.map((e) => e.path)).toEqual(['id', 'line_items', 'created_at']);
    expect(readOrder('[]')).toEqual([{ path: 'body', message: 'must be a JSON object' }]);
    expect(readOrder('{')).toEqual([{ path: 'body', message: 'must be JSON' }]);
  });
});

describe('verifyStorefrontSignature', () => {
  const secret = 'shpss_0123456789abcdef';
  const body = Buffer.from('{"id":1,"note":"在庫"}');

  it('accepts the signature Shopify’s library computes, and nothing else', () => {
    const shopify = getHmac(body.toString('utf8'), secret);
    expect(storefrontSignature(secret, body)).toBe(shopify);
    expect(verifyStorefrontSignature(secret, body, shopify)).toBe(true);
    expect(verifyStorefrontSignature(secret, Buffer.from('{"id":2}'), shopify)).toBe(false);
    expect(verifyStorefrontSignature('another-secret-value', body, shopify)).toBe(false);
    expect(verifyStorefrontSignature(null, body, shopify)).toBe(false);
    expect(verifyStorefrontSignature(secret, body, null)).toBe(false);
    expect(verifyStorefrontSignature(secret, body, shopify.slice(0, 40))).toBe(false);
    expect(verifyStorefrontSignature(secret, body, Buffer.from(shopify, 'base64').toString('hex'))).toBe(false);
  });
});

describe('normalizeShopDomain', () => {
  it('accepts any DNS hostname, lowercased and without a trailing dot', () => {
    expect(normalizeShopDomain(' Shop-1.MyShopify.com. ')).toBe('shop-1.myshopify.com');
    expect(normalizeShopDomain('blackbox.shop.example')).toBe('blackbox.shop.example');
    expect(normalizeShopDomain('localhost')).toBe('localhost');
    expect(normalizeShopDomain('xn--r8jz45g.example')).toBe('xn--r8jz45g.example');
    expect(normalizeShopDomain(`${'a'.repeat(63)}.example`)).toBe(`${'a'.repeat(63)}.example`);
    const longest = [...Array<string>(4).fill('a'.repeat(61)), 'b'.repeat(5)].join('.');
    expect(longest).toHaveLength(253);
    expect(normalizeShopDomain(longest)).toBe(longest);
  });

  it('refuses what is not a hostname', () => {
    for (const bad of [
      '',
      '.',
      'a..b',
      '.example',
      '-shop.example',
      'shop-.example',
      'under_score.example',
      'space here.example',
      'ショップ.example',
      'shop.example/path',
      'https://shop.example',
      `${'a'.repeat(64)}.example`,
      [...Array<string>(4).fill('a'.repeat(61)), 'b'.repeat(6)].join('.'),
    ])
      expect(normalizeShopDomain(bad), bad).toBeNull();
  });
});
