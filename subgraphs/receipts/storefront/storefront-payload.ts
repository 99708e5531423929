/**
 * Reading storefront webhook bodies (anchor: Shopify's REST webhook payloads). JSON is parsed keeping
 * integers beyond 2^53 (Shopify's ids) as their exact digits. Orders are validated strictly (a
 * malformed one is refused with 400 naming the fields); the other topics are read tolerantly.
 */
import type { FieldError } from '../../kernel/errors.js';
import type { TransactionLine } from '../transaction/transaction.types.js';
import { SKU, TRANSACTION_LIMITS } from '../transaction/transaction-validation.js';

/** The line that makes an order's items add up to its total (shipping, discounts, rounding). */
export const ADJUSTMENT_LINE_NAME = 'Shipping and adjustments';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** JSON.parse's reviver with the source text of primitives (TC39 JSON.parse source text access). */
type SourceReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

/** Parses JSON text; integers too large for a double keep their digits as a string. Throws SyntaxError. */
export function parseJson(text: string): Json {
  const reviver: SourceReviver = (_key, value, context) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && /^-?\d+$/.test(context?.source ?? '')
      ? context?.source
      : value;
  return JSON.parse(text, reviver) as Json;
}

export const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id sent as an integer or a string of digits, as text; null for anything else. */
export function idText(value: Json | undefined): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d{1,64}$/.test(value)) return value;
  return null;
}

/** A string member, trimmed and cut to `max` characters; null when absent, blank or not a string. */
export function text(value: Json | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/** Digits after the decimal point of a currency (ISO 4217 minor unit, as Intl knows it): JPY 0, USD 2. */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A decimal amount ("1980.00", 1980) in minor units of a currency with `exponent` digits, or a reason. */
export function minorUnits(value: Json | undefined, exponent: number): number | string {
  const raw = typeof value === 'number' ? String(value) : value;
  if (typeof raw !== 'string') return 'must be a decimal amount';
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,12}))?$/.exec(raw.trim());
  if (!match) return 'must be a decimal amount';
  const [, sign, whole = '0', fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(exponent))) return `has more than ${exponent} decimals`;
  const minor = Number(whole) * 10 ** exponent + Number(fraction.slice(0, exponent).padEnd(exponent, '0') || '0');
  return sign === '-' ? -minor : minor;
}

/** What the worker needs of an order. */
export interface StorefrontOrderPayload {
  readonly shopOrderId: string;
  readonly orderName: string | null;
  readonly currency: string;
  readonly totalAmount: number;
  readonly items: TransactionLine[];
  readonly occurredAt: Date | null;
  readonly fulfilled: boolean;
  /** The shop reports the order paid (`financial_status` paid). */
  readonly paid: boolean;
  readonly customer: {
    readonly shopCustomerId: string | null;
    readonly email: string | null;
    readonly name: string | null;
    readonly phone: string | null;
  };
}

/** The order in `body`, or the field errors that make it malformed. */
export function readOrder(body: string): StorefrontOrderPayload | FieldError[] {
  let order: Json;
  try {
    order = parseJson(body);
  } catch {
    return [{ path: 'body', message: 'must be JSON' }];
  }
  if (!isObject(order)) return [{ path: 'body', message: 'must be a JSON object' }];
  const errors: FieldError[] = [];
  const shopOrderId = idText(order.id);
  if (shopOrderId === null) errors.push({ path: 'id', message: 'must be an integer id' });
  const currency = typeof order.currency === 'string' && /^[A-Z]{3}$/.test(order.currency) ? order.currency : null;
  if (currency === null) errors.push({ path: 'currency', message: 'must be an ISO 4217 code (three capital letters)' });
  const exponent = currency === null ? 2 : currencyExponent(currency);
  const total = minorUnits(order.total_price, exponent);
  if (typeof total === 'string') errors.push({ path: 'total_price', message: total });
  else if (total < 0 || total > TRANSACTION_LIMITS.maxAmount)
    errors.push({ path: 'total_price', message: 'must be between 0 and 1e9 minor units' });
  const items: TransactionLine[] = [];
  if (!Array.isArray(order.line_items)) errors.push({ path: 'line_items', message: 'must be an array' });
  else if (order.line_items.length > TRANSACTION_LIMITS.maxItems - 1)
    errors.push({ path: 'line_items', message: `must have at most ${TRANSACTION_LIMITS.maxItems - 1} lines` });
  else
    order.line_items.forEach((line, i) => {
      if (!isObject(line)) return errors.push({ path: `line_items.${i}`, message: 'must be an object' });
      const name =
        text(line.title, TRANSACTION_LIMITS.maxNameLength) ?? text(line.name, TRANSACTION_LIMITS.maxNameLength);
      if (name === null) errors.push({ path: `line_items.${i}.title`, message: 'must be a non-blank string' });
      const quantity = line.quantity;
      const quantityOk =
        typeof quantity === 'number' &&
        Number.isInteger(quantity) &&
        quantity >= 1 &&
        quantity <= TRANSACTION_LIMITS.maxQuantity;
      if (!quantityOk) errors.push({ path: `line_items.${i}.quantity`, message: 'must be an integer from 1 to 10000' });
      const price = minorUnits(line.price, exponent);
      if (typeof price === 'string') errors.push({ path: `line_items.${i}.price`, message: price });
      else if (Math.abs(price) > TRANSACTION_LIMITS.maxAmount)
        errors.push({ path: `line_items.${i}.price`, message: 'must be at most 1e9 minor units' });
      // The shop's SKU, when it is one the catalogue could hold, so the stock ledger can match the line
      // (docs/decisions/0016); any other value is no key, not an error of the order.
      const sku = typeof line.sku === 'string' && SKU.test(line.sku.trim()) ? line.sku.trim() : null;
      if (name !== null && quantityOk && typeof price === 'number')
        items.push({ name, unitPrice: price, quantity, ...(sku ? { sku } : {}) });
    });
  let occurredAt: Date | null = null;
  if (order.created_at !== undefined && order.created_at !== null) {
    occurredAt = typeof order.created_at === 'string' ? new Date(order.created_at) : null;
    if (occurredAt === null || Number.isNaN(occurredAt.getTime())) {
      errors.push({ path: 'created_at', message: 'must be an RFC 3339 date-time' });
      occurredAt = null;
    }
  }
  if (errors.length > 0 || shopOrderId === null || currency === null || typeof total !== 'number') return errors;
  const sum = items.reduce((acc, line) => acc + line.unitPrice * line.quantity, 0);
  if (items.length > 0 && sum !== total)
    items.push({ name: ADJUSTMENT_LINE_NAME, unitPrice: total - sum, quantity: 1 });
  const customer = isObject(order.customer) ? order.customer : {};
  const fullName = [text(customer.first_name, 100), text(customer.last_name, 100)].filter((n) => n !== null).join(' ');
  return {
    shopOrderId,
    orderName: text(order.name, 64),
    currency,
    totalAmount: total,
    items,
    occurredAt,
    fulfilled: order.fulfillment_status === 'fulfilled',
    paid: order.financial_status === 'paid',
    customer: {
      shopCustomerId: idText(customer.id),
      email: text(customer.email, 320) ?? text(order.email, 320) ?? text(order.contact_email, 320),
      name: fullName === '' ? null : fullName.slice(0, 200),
      phone: text(customer.phone, 64) ?? text(order.phone, 64),
    },
  };
}
