import { describe, expect, it } from 'vitest';
import { janOf, productOf } from './catalogue.js';

describe('janOf', () => {
  it('is a JAN-13 of the 49 prefix with its check digit', () => {
    expect(janOf(123456789)).toBe('4901234567894');
    expect(janOf(1)).toMatch(/^49000000000\d\d$/);
    // GTIN-13: the digits weighted 1, 3, 1, ... (check digit included) sum to a multiple of 10.
    const valid = (code: string) =>
      [...code].reduce((sum, d, i) => sum + Number(d) * (i % 2 === 0 ? 1 : 3), 0) % 10 === 0;
    for (const n of [1, 2, 77, 1234, 49_999]) {
      expect(janOf(n)).toMatch(/^49\d{11}$/);
      expect(valid(janOf(n)), janOf(n)).toBe(true);
    }
  });
});

describe('productOf', () => {
  it('gives every product its own SKU and barcode, names within the column sizes', () => {
    const products = Array.from({ length: 5000 }, (_, i) => productOf(i + 1));
    expect(new Set(products.map((p) => p.sku)).size).toBe(5000);
    expect(new Set(products.map((p) => p.barcode)).size).toBe(5000);
    for (const p of products) {
      expect(p.name.length).toBeLessThanOrEqual(200);
      expect(p.sku.length).toBeLessThanOrEqual(64);
      expect(p.price).toBeGreaterThan(0);
    }
  });
});
