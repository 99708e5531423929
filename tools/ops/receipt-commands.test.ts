/** The operator CLI's `--item "name:price:qty[:sku]"` of transaction:record, read from the right. */
import { describe, expect, it } from 'vitest';
import { parseItem } from './receipt-commands.js';

describe('parseItem', () => {
  it('reads a name (colons allowed), a price and a quantity, and a SKU when the two parts before the last are integers', () => {
    expect(parseItem('パン:100:2')).toEqual({ name: 'パン', unitPrice: 100, quantity: 2 });
    expect(parseItem('コーヒー:Lサイズ:300:1')).toEqual({ name: 'コーヒー:Lサイズ', unitPrice: 300, quantity: 1 });
    expect(parseItem('値引:-50:1')).toEqual({ name: '値引', unitPrice: -50, quantity: 1 });
    expect(parseItem('パン:100:2:SM-BREAD-6')).toEqual({
      name: 'パン',
      unitPrice: 100,
      quantity: 2,
      sku: 'SM-BREAD-6',
    });
    expect(parseItem('A:B:100:2:4901234567894')).toEqual({
      name: 'A:B',
      unitPrice: 100,
      quantity: 2,
      sku: '4901234567894',
    });
    // An empty SKU is sent as given: the service names it (items.N.sku).
    expect(parseItem('パン:100:2:')).toEqual({ name: 'パン', unitPrice: 100, quantity: 2, sku: '' });
  });

  it('refuses an item without a name or integers', () => {
    for (const item of ['パン', 'パン:100', ':100:2', 'パン:x:2', 'パン:100:1.5'])
      expect(() => parseItem(item)).toThrow(/name:price:qty\[:sku\]/);
  });
});
