/** Validation of a recorded sale: each field, and the sums of items and taxes. */
import { describe, expect, it } from 'vitest';
import { validateTransaction } from './transaction-validation.js';
import type { RecordTransactionInput } from './transaction.input.js';

const NOW = new Date('2026-01-01T00:00:00Z');

function paths(input: Partial<RecordTransactionInput>): string[] {
  try {
    validateTransaction({ publicTerminalId: 'TERM000001', totalAmount: 1100, ...input }, NOW);
    return [];
  } catch (error) {
    return ((error as { extensions: { errors: { path: string }[] } }).extensions.errors ?? []).map((e) => e.path);
  }
}

describe('validateTransaction', () => {
  it('accepts a sale whose items and taxes add up, with included tax rounded either way', () => {
    expect(paths({})).toEqual([]);
    const items = [{ name: 'パン', unitPrice: 550, quantity: 2 }];
    expect(paths({ items, taxes: [{ rateBasisPoints: 1000, taxableAmount: 1100, taxAmount: 100 }] })).toEqual([]);
    // 1099 at 8 %: 81.4 exactly; 81 (down) and 82 (up) are both what a till prints.
    for (const taxAmount of [81, 82]) {
      expect(paths({ totalAmount: 1099, taxes: [{ rateBasisPoints: 800, taxableAmount: 1099, taxAmount }] })).toEqual(
        [],
      );
    }
    expect(paths({ totalAmount: 1099, taxes: [{ rateBasisPoints: 800, taxableAmount: 1099, taxAmount: 83 }] })).toEqual(
      ['taxes.0.taxAmount'],
    );
  });

  it('refuses a currency that is not three uppercase letters, and amounts out of range', () => {
    for (const currency of ['jpy', 'JP', 'YEN1', '円']) expect(paths({ currency })).toEqual(['currency']);
    expect(paths({ currency: 'USD' })).toEqual([]);
    expect(paths({ totalAmount: -1 })).toEqual(['totalAmount']);
    expect(paths({ totalAmount: 1_000_000_001 })).toEqual(['totalAmount']);
  });

  it('refuses items that do not add up to the total, and a sale in the future beyond 5 minutes', () => {
    expect(paths({ items: [{ name: 'パン', unitPrice: 500, quantity: 2 }] })).toEqual(['items']);
    expect(paths({ occurredAt: new Date(NOW.getTime() + 299_000) })).toEqual([]);
    expect(paths({ occurredAt: new Date(NOW.getTime() + 301_000) })).toEqual(['occurredAt']);
  });

  it('keeps an item’s SKU, trimmed, when given, and refuses one the catalogue would refuse', () => {
    const sale = (sku: string | null) => ({ items: [{ name: 'パン', unitPrice: 550, quantity: 2, sku }] });
    const valid = (sku: string | null) =>
      validateTransaction({ publicTerminalId: 'TERM000001', totalAmount: 1100, ...sale(sku) }, NOW).items;
    expect(valid(' SM-BREAD/6.a_1 ')).toEqual([{ name: 'パン', unitPrice: 550, quantity: 2, sku: 'SM-BREAD/6.a_1' }]);
    // No SKU: the line is stored as before, without the key.
    expect(valid(null)).toEqual([{ name: 'パン', unitPrice: 550, quantity: 2 }]);
    expect(Object.keys(valid(null)[0]!)).toEqual(['name', 'unitPrice', 'quantity']);
    expect(paths(sale('A'.repeat(64)))).toEqual([]);
    for (const sku of ['', '  ', 'A'.repeat(65), '-LEADING', 'おにぎり', 'SKU 1', 'SKU:1'])
      expect(paths(sale(sku))).toEqual(['items.0.sku']);
  });
});
