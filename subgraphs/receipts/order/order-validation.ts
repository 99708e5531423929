/**
 * Checks of an order entered by staff, and its tax: amounts are tax included (as at the till), so the
 * tax of each rate is taxable × rate / (1 + rate), rounded down once per rate (Japan's invoice rule).
 */
import { isUuid } from '../../kernel/db/uuid.js';
import { Validation } from '../../kernel/errors.js';
import type { OrderLineDraft } from './order-recording.js';
import type { CreateOrderInput, OrdersArgs } from './order.input.js';

export const ORDER_LIMITS = {
  maxLines: 100,
  maxNameLength: 200,
  maxSkuLength: 64,
  maxQuantity: 10_000,
  /** 1e9 minor units, as for transactions: far below int32. */
  maxAmount: 1_000_000_000,
  maxRateBasisPoints: 10_000,
  maxCancelReasonLength: 500,
} as const;
const L = ORDER_LIMITS;

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
const PRINTABLE = /^[\x21-\x7e]+$/;

/** A valid manual order: its lines, currency, total and included tax. */
export interface ValidOrder {
  readonly lines: OrderLineDraft[];
  readonly currency: string;
  readonly totalAmount: number;
  readonly taxAmount: number;
}

function checkLines(input: CreateOrderInput, v: Validation): OrderLineDraft[] {
  if (input.lines.length < 1 || input.lines.length > L.maxLines)
    return (v.add('lines', `must have 1 to ${L.maxLines} lines`), []);
  return input.lines.map((line, i) => {
    const name = line.name.trim();
    const sku = line.sku?.trim() || null;
    v.check(name.length >= 1 && name.length <= L.maxNameLength, `lines.${i}.name`, 'must be 1 to 200 characters');
    v.check(
      sku === null || (sku.length <= L.maxSkuLength && PRINTABLE.test(sku)),
      `lines.${i}.sku`,
      'must be at most 64 printable ASCII characters',
    );
    v.check(!line.productId || isUuid(line.productId), `lines.${i}.productId`, 'must be a UUID');
    v.check(
      isInt(line.quantity) && line.quantity >= 1 && line.quantity <= L.maxQuantity,
      `lines.${i}.quantity`,
      'must be 1 to 10000',
    );
    v.check(line.unitPrice >= 0 && line.unitPrice <= L.maxAmount, `lines.${i}.unitPrice`, 'must be 0 to 1e9');
    v.check(
      line.taxRateBasisPoints >= 0 && line.taxRateBasisPoints <= L.maxRateBasisPoints,
      `lines.${i}.taxRateBasisPoints`,
      'must be 0 to 10000',
    );
    v.check(line.quantity * line.unitPrice <= L.maxAmount, `lines.${i}`, 'quantity × unitPrice must be at most 1e9');
    return { ...line, name, sku, productId: line.productId || null };
  });
}

/** The tax included in `lines`: per rate, taxable × rate / (10000 + rate), rounded down. */
export function includedTax(lines: readonly OrderLineDraft[]): number {
  const taxable = new Map<number, number>();
  for (const line of lines) {
    const rate = line.taxRateBasisPoints ?? 0;
    taxable.set(rate, (taxable.get(rate) ?? 0) + line.quantity * line.unitPrice);
  }
  let tax = 0;
  for (const [rate, amount] of taxable) tax += Math.floor((amount * rate) / (L.maxRateBasisPoints + rate));
  return tax;
}

/** @throws BadUserInputError validation_failed naming every wrong field. */
export function validateOrder(input: CreateOrderInput): ValidOrder {
  const v = new Validation();
  const currency = input.currency ?? 'JPY';
  v.check(/^[A-Z]{3}$/.test(currency), 'currency', 'must be an ISO 4217 code (three capital letters)');
  v.check(input.customerId == null || isUuid(input.customerId), 'customerId', 'must be a UUID');
  const lines = checkLines(input, v);
  const totalAmount = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  v.check(totalAmount <= L.maxAmount, 'lines', 'must add up to at most 1e9');
  v.throwIfInvalid();
  return { lines, currency, totalAmount, taxAmount: includedTax(lines) };
}

/** @throws BadUserInputError unless the reason is 1 to 500 characters; answers it trimmed. */
export function validateCancelReason(reason: string): string {
  const trimmed = reason.trim();
  new Validation()
    .check(trimmed.length >= 1 && trimmed.length <= L.maxCancelReasonLength, 'reason', 'must be 1 to 500 characters')
    .throwIfInvalid();
  return trimmed;
}

/** Checks the list filters (`first`/`after` are pageArgs'): ids are UUIDs, the period is not reversed. */
export function checkOrderFilters(args: OrdersArgs, v: Validation): void {
  v.check(!args.storeId || isUuid(args.storeId), 'storeId', 'must be a UUID');
  v.check(!args.customerId || isUuid(args.customerId), 'customerId', 'must be a UUID');
  v.check(
    !args.createdFrom || !args.createdTo || args.createdFrom < args.createdTo,
    'createdTo',
    'must be after createdFrom',
  );
}
