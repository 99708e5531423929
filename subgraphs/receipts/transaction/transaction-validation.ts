/**
 * Checks a recorded transaction: each field alone, then the sums (items add up to the total, taxes
 * cover the total once per rate and are what their rates give). The result is the sale's lines and
 * taxes with every field present (and an item's SKU when the till gave one).
 */
import { isUuid } from '../../kernel/db/uuid.js';
import { Validation } from '../../kernel/errors.js';
import type { TransactionLine, TransactionTaxLine } from './transaction.types.js';
import type { RecordTransactionInput, TransactionItemInput } from './transaction.input.js';

/** Limits of a recorded transaction (stated in the input type's descriptions). */
export const TRANSACTION_LIMITS = {
  maxItems: 500,
  maxTaxes: 10,
  maxNameLength: 200,
  maxQuantity: 10_000,
  /** 1e9 minor units: far above any till, far below int32. */
  maxAmount: 1_000_000_000,
  maxRateBasisPoints: 10_000,
  /** How far in the future `occurredAt` may be (clock skew of a till). */
  maxFutureSkewSeconds: 300,
  /** Coupons used on one sale. */
  maxCoupons: 20,
} as const;
const L = TRANSACTION_LIMITS;

const CURRENCY = /^[A-Z]{3}$/;
/** A product SKU, the catalogue's rule (stores/product/product-validation.ts), so a line can name one. */
export const SKU = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/;
const isInt = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isInteger(n);
const isAmount = (n: number | null | undefined): n is number => isInt(n) && n >= 0 && n <= L.maxAmount;

/** What a valid sale is made of. */
export interface ValidSale {
  readonly items: TransactionLine[];
  readonly taxes: TransactionTaxLine[];
  /** The coupons used, lowercase, each once. */
  readonly couponIds: string[];
}

function checkItem(item: TransactionItemInput, i: number, v: Validation): TransactionLine {
  const name = item.name?.trim() ?? '';
  v.check(name.length >= 1 && name.length <= L.maxNameLength, `items.${i}.name`, 'must be 1 to 200 characters');
  const { unitPrice, quantity } = item;
  v.check(
    isInt(unitPrice) && Math.abs(unitPrice) <= L.maxAmount,
    `items.${i}.unitPrice`,
    'must be an integer between -1e9 and 1e9',
  );
  v.check(isInt(quantity) && quantity >= 1 && quantity <= L.maxQuantity, `items.${i}.quantity`, 'must be 1 to 10000');
  // The line becomes an order line (issue 14), whose total is a 32-bit column like every amount.
  if (isInt(unitPrice) && isInt(quantity))
    v.check(Math.abs(unitPrice * quantity) <= L.maxAmount, `items.${i}`, 'unitPrice × quantity must be within ±1e9');
  // Kept only when given, so the receipts of tills that send none read as before.
  const sku = item.sku?.trim();
  if (sku !== undefined)
    v.check(
      SKU.test(sku),
      `items.${i}.sku`,
      'must be 1 to 64 letters, digits or . _ - / (starting with a letter or digit)',
    );
  return { name, unitPrice: unitPrice ?? 0, quantity: quantity ?? 0, ...(sku ? { sku } : {}) };
}

function checkItems(input: RecordTransactionInput, v: Validation): TransactionLine[] {
  const items = input.items ?? [];
  // Past the limit the lines are not read one by one: the list is refused as a whole.
  if (items.length > L.maxItems) return (v.add('items', `must have at most ${L.maxItems} lines`), []);
  const lines = items.map((item, i) => checkItem(item, i, v));
  const sum = lines.reduce((total, line) => total + line.unitPrice * line.quantity, 0);
  if (lines.length > 0) v.check(sum === input.totalAmount, 'items', 'must add up to totalAmount');
  return lines;
}

function checkTaxes(input: RecordTransactionInput, v: Validation): TransactionTaxLine[] {
  const taxes = input.taxes ?? [];
  if (taxes.length > L.maxTaxes) return (v.add('taxes', `must have at most ${L.maxTaxes} rates`), []);
  const lines = taxes.map((tax, i): TransactionTaxLine => {
    const { rateBasisPoints: rate, taxableAmount, taxAmount } = tax;
    const rateOk = isInt(rate) && rate >= 0 && rate <= L.maxRateBasisPoints;
    v.check(rateOk, `taxes.${i}.rateBasisPoints`, 'must be 0 to 10000');
    v.check(isAmount(taxableAmount), `taxes.${i}.taxableAmount`, 'must be 0 to 1e9');
    // Included tax: taxable × r / (1 + r), rounded down, up or to nearest by the till.
    const exact = rateOk && isAmount(taxableAmount) ? (taxableAmount * rate) / (L.maxRateBasisPoints + rate) : NaN;
    v.check(
      isInt(taxAmount) && Math.abs(taxAmount - exact) < 1,
      `taxes.${i}.taxAmount`,
      'must be the tax its rate gives',
    );
    return { rateBasisPoints: rate ?? 0, taxableAmount: taxableAmount ?? 0, taxAmount: taxAmount ?? 0 };
  });
  v.check(new Set(lines.map((tax) => tax.rateBasisPoints)).size === lines.length, 'taxes', 'must name each rate once');
  const covered = lines.reduce((total, tax) => total + tax.taxableAmount, 0);
  if (lines.length > 0) v.check(covered === input.totalAmount, 'taxes', 'taxableAmount must add up to totalAmount');
  return lines;
}

/** @throws BadUserInputError `validation_failed` naming every field that is wrong. */
export function validateTransaction(input: RecordTransactionInput, now: Date): ValidSale {
  const v = new Validation()
    .check(isAmount(input.totalAmount), 'totalAmount', 'must be 0 to 1e9')
    .check(CURRENCY.test(input.currency ?? 'JPY'), 'currency', 'must be an ISO 4217 code (three uppercase letters)');
  const occurredAt = input.occurredAt;
  if (occurredAt) {
    const latest = now.getTime() + L.maxFutureSkewSeconds * 1000;
    v.check(occurredAt.getTime() <= latest, 'occurredAt', 'must not be more than 5 minutes in the future');
  }
  const items = checkItems(input, v);
  const taxes = checkTaxes(input, v);
  const couponIds = checkCouponIds(input, v);
  v.throwIfInvalid();
  return { items, taxes, couponIds };
}

/** The coupon ids' form (whether each is usable at the store is the recording service's check). */
function checkCouponIds(input: RecordTransactionInput, v: Validation): string[] {
  const ids = input.couponIds ?? [];
  v.check(ids.length <= L.maxCoupons, 'couponIds', `must hold at most ${L.maxCoupons} coupons`);
  ids.forEach((id, i) => v.check(isUuid(id), `couponIds.${i}`, 'must be a coupon id'));
  const lower = ids.map((id) => id.toLowerCase());
  v.check(new Set(lower).size === lower.length, 'couponIds', 'must name each coupon once');
  return lower;
}
