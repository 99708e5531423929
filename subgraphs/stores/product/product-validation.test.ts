import { describe, expect, it } from 'vitest';
import { Validation } from '../../kernel/errors.js';
import { checkProductDraft, isGs1Barcode, type ProductDraft } from './product-validation.js';

const DRAFT: ProductDraft = {
  sku: 'SKU-1',
  barcode: null,
  name: 'おにぎり',
  nameKana: 'オニギリ',
  description: '',
  priceAmount: 150,
  currency: 'JPY',
  taxRate: 800,
  imageUrls: [],
};

const errorsOf = (draft: Partial<ProductDraft>) => {
  try {
    const v = new Validation();
    checkProductDraft(v, { ...DRAFT, ...draft });
    v.throwIfInvalid();
    return [];
  } catch (error) {
    return ((error as { extensions: { errors: { path: string }[] } }).extensions.errors ?? []).map((e) => e.path);
  }
};

describe('GS1 barcodes', () => {
  it.each(['4901234567894', '49123456', '036000291452', '10012345678902', '4902102072618'])('accepts %s', (code) => {
    expect(isGs1Barcode(code)).toBe(true);
  });

  it.each(['4901234567890', '49123457', '036000291453', '10012345678901', '490123456789', '12345', 'abcdefghijklm'])(
    'refuses %s (wrong check digit, length or characters)',
    (code) => {
      expect(isGs1Barcode(code)).toBe(false);
    },
  );
});

describe('a product draft', () => {
  it('is valid with kana, a reduced tax rate and https images', () => {
    expect(
      errorsOf({ nameKana: 'ｵﾆｷﾞﾘ ツナ・マヨ ーおにぎり', imageUrls: ['https://img.example.test/a.png'] }),
    ).toEqual([]);
  });

  it('names each invalid field', () => {
    expect(
      errorsOf({
        sku: ' bad sku',
        barcode: '4901234567890',
        name: '',
        nameKana: 'Onigiri',
        description: 'x'.repeat(4001),
        priceAmount: -1,
        currency: 'XYZ',
        taxRate: 10_001,
        imageUrls: ['http://img.example.test/a.png'],
      }),
    ).toEqual(['sku', 'barcode', 'name', 'nameKana', 'description', 'priceAmount', 'currency', 'taxRate', 'imageUrls']);
    expect(errorsOf({ imageUrls: Array.from({ length: 11 }, (_, i) => `https://img.example.test/${i}.png`) })).toEqual([
      'imageUrls',
    ]);
  });
});
