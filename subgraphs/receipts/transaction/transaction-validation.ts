/**
 * Checks a recorded transaction: each field alone, then the sums (items add up to the total, taxes
 * cover the total once per rate and are what their rates give).
 */
import { Validation } from '../../kernel/errors.js';
import type { RecordTransactionInput } from './transaction.input.js';

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
} as const;
const L = TRANSACTION_LIMITS;

const CURRENCY = /^[A-Z]{3}$/;
const isAmount = (n: number) => Number.isInteger(n) && n >= 0 && n <= L.maxAmount;

function checkItems(input: RecordTransactionInput, v: Validation): void {
  const items = input.items ?? [];
  v.check(items.length <= L.maxItems, 'items', `must have at most ${L.maxItems} lines`);
  items.forEach((item, i) => {
    const name = item.name.trim();
    v.check(name.length >= 1 && name.length <= L.maxNameLength, `items.${i}.name`, 'must be 1 to 200 characters');
    v.check(Math.abs(item.unitPrice) <= L.maxAmount, `items.${i}.unitPrice`, 'must be between -1e9 and 1e9');
    v.check(item.quantity >= 1 && item.quantity <= L.maxQuantity, `items.${i}.quantity`, 'must be 1 to 10000');
  });
  const sum = items.reduce((total, item) => total + item.unitPrice * item.quantity, 0);
  if (items.length > 0) v.check(sum === input.totalAmount, 'items', 'must add up to totalAmount');
}

function checkTaxes(input: RecordTransactionInput, v: Validation): void {
  const taxes = input.taxes ?? [];
  v.check(taxes.length <= L.maxTaxes, 'taxes', `must have at most ${L.maxTaxes} rates`);
  const rates = new Set(taxes.map((tax) => tax.rateBasisPoints));
  v.check(rates.size === taxes.length, 'taxes', 'must name each rate once');
  taxes.forEach((tax, i) => {
    const rate = tax.rateBasisPoints;
    v.check(rate >= 0 && rate <= L.maxRateBasisPoints, `taxes.${i}.rateBasisPoints`, 'must be 0 to 10000');
    v.check(isAmount(tax.taxableAmount), `taxes.${i}.taxableAmount`, 'must be 0 to 1e9');
    // Included tax: taxable × r / (1 + r), rounded down, up or to nearest by the till.
    const exact = (tax.taxableAmount * rate) / (L.maxRateBasisPoints + rate);
    v.check(Math.abs(tax.taxAmount - exact) < 1, `taxes.${i}.taxAmount`, 'must be the tax its rate gives');
  });
  const covered = taxes.reduce((total, tax) => total + tax.taxableAmount, 0);
  if (taxes.length > 0) v.check(covered === input.totalAmount, 'taxes', 'taxableAmount must add up to totalAmount');
}

/** @throws BadUserInputError `validation_failed` naming every field that is wrong. */
export function validateTransaction(input: RecordTransactionInput, now: Date): void {
  const v = new Validation()
    .check(isAmount(input.totalAmount), 'totalAmount', 'must be 0 to 1e9')
    .check(CURRENCY.test(input.currency ?? 'JPY'), 'currency', 'must be an ISO 4217 code (three uppercase letters)');
  const occurredAt = input.occurredAt;
  if (occurredAt) {
    const latest = now.getTime() + L.maxFutureSkewSeconds * 1000;
    v.check(occurredAt.getTime() <= latest, 'occurredAt', 'must not be more than 5 minutes in the future');
  }
  checkItems(input, v);
  checkTaxes(input, v);
  v.throwIfInvalid();
}
