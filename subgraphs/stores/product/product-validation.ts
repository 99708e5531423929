/**
 * The rules of a product's fields (SKU and barcode formats, the GS1 check digit, kana, price, tax
 * rate, currency, https images), checked on the product as it would be after a create or an update,
 * so every field error is named at once.
 */
import type { Validation } from '../../kernel/errors.js';

export const PRODUCT_LIMITS = {
  sku: 64,
  name: 200,
  nameKana: 200,
  description: 4000,
  price: 1_000_000_000,
  taxRate: 10_000,
  images: 10,
  imageUrl: 2048,
  searchTerm: 100,
} as const;

/** A product's fields after defaults and trimming. */
export interface ProductDraft {
  readonly sku: string;
  readonly barcode: string | null;
  readonly name: string;
  readonly nameKana: string;
  readonly description: string;
  readonly priceAmount: number;
  readonly currency: string;
  readonly taxRate: number;
  readonly imageUrls: readonly string[];
}

const SKU = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/;
/** Katakana (full and half width), hiragana, the prolonged sound and (semi-)voiced marks, the middle dot and spaces. */
const KANA = /^[\p{Script=Katakana}\p{Script=Hiragana}ー・゛゜ｰﾞﾟ 　]*$/u;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/**
 * Whether `code` is a GS1 barcode this catalogue takes: EAN-8, UPC-A (12), JAN/EAN-13 or GTIN-14
 * digits whose last digit is the GS1 check digit (weights 3 and 1 from the right, before it).
 */
export function isGs1Barcode(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Adds the field errors of `draft` to `v`. */
export function checkProductDraft(v: Validation, draft: ProductDraft): void {
  v.check(SKU.test(draft.sku), 'sku', 'must be 1 to 64 letters, digits or . _ - / (starting with a letter or digit)');
  v.check(
    draft.barcode === null || isGs1Barcode(draft.barcode),
    'barcode',
    'must be 8, 12, 13 or 14 digits (EAN-8, UPC-A, JAN/EAN-13, GTIN-14) with a valid check digit',
  );
  v.check(draft.name.length >= 1 && draft.name.length <= PRODUCT_LIMITS.name, 'name', 'must be 1 to 200 characters');
  v.check(
    draft.nameKana.length <= PRODUCT_LIMITS.nameKana && KANA.test(draft.nameKana),
    'nameKana',
    'must be katakana or hiragana and spaces, at most 200 characters',
  );
  v.check(draft.description.length <= PRODUCT_LIMITS.description, 'description', 'must be at most 4000 characters');
  v.check(
    Number.isInteger(draft.priceAmount) && draft.priceAmount >= 0 && draft.priceAmount <= PRODUCT_LIMITS.price,
    'priceAmount',
    `must be an integer from 0 to ${PRODUCT_LIMITS.price} (minor units)`,
  );
  v.check(CURRENCIES.has(draft.currency), 'currency', 'must be an ISO 4217 currency code, e.g. JPY');
  v.check(
    Number.isInteger(draft.taxRate) && draft.taxRate >= 0 && draft.taxRate <= PRODUCT_LIMITS.taxRate,
    'taxRate',
    'must be basis points from 0 to 10000 (1000 is 10%)',
  );
  v.check(draft.imageUrls.length <= PRODUCT_LIMITS.images, 'imageUrls', 'must hold at most 10 URLs');
  v.check(
    draft.imageUrls.every((url) => url.length <= PRODUCT_LIMITS.imageUrl && isHttpsUrl(url)),
    'imageUrls',
    'must be absolute https URLs of at most 2048 characters',
  );
}
