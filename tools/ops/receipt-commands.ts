/** Operator commands of terminals and their sales. */
import { CommandFailure, list, on, text, type OpsCommand } from './command.js';

const INTEGER = /^-?\d+$/;

/**
 * `name:price:qty[:sku]`, read from the right (a name may itself contain colons): the last part is the
 * SKU when the two before it are integers, else the last two parts are the price and the quantity.
 */
export function parseItem(value: string): { name: string; unitPrice: number; quantity: number; sku?: string } {
  const parts = value.split(':');
  const hasSku = parts.length >= 4 && INTEGER.test(parts.at(-3)!) && INTEGER.test(parts.at(-2)!);
  const sku = hasSku ? parts.pop() : undefined;
  const quantity = Number(parts.pop());
  const unitPrice = Number(parts.pop());
  const name = parts.join(':');
  if (name === '' || !Number.isInteger(unitPrice) || !Number.isInteger(quantity))
    throw new CommandFailure(400, 'validation_failed', `--item "${value}" must be "name:price:qty[:sku]" (integers).`);
  return { name, unitPrice, quantity, ...(sku !== undefined ? { sku } : {}) };
}

function integer(value: string | undefined, flag: string): number {
  const parsed = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(parsed))
    throw new CommandFailure(400, 'validation_failed', `--${flag} must be an integer.`);
  return parsed;
}

export const RECEIPT_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'terminal:create',
    summary:
      'Create a checkout terminal of a store (its public id is generated); --allow-multiple-claims lets a receipt be claimed more than once.',
    flags: { store: { value: 'ID', required: true }, 'allow-multiple-claims': { boolean: true } },
    operationName: 'OpsCreateTerminal',
    document:
      'mutation OpsCreateTerminal($input: CreateTerminalInput!) { createTerminal(input: $input) { publicTerminalId } }',
    variables: (flags) => ({
      input: { storeId: text(flags, 'store'), allowMultipleClaims: on(flags, 'allow-multiple-claims') },
    }),
    result: (data) => ({ publicTerminalId: (data.createTerminal as { publicTerminalId: string }).publicTerminalId }),
  },
  {
    name: 'transaction:record',
    summary:
      'Record a sale at a terminal (total in minor units, tax included; items "name:price:qty[:sku]" must add up to it; a SKU of a product lowers its stock at the store; --coupon names a published coupon of the store used on the sale). Prints the transaction-QR token (shown once).',
    flags: {
      terminal: { value: 'ID', required: true },
      total: { value: 'N', required: true },
      currency: { value: 'JPY' },
      item: { value: '"name:price:qty[:sku]"', repeatable: true },
      coupon: { value: 'ID', repeatable: true },
    },
    operationName: 'OpsRecordTransaction',
    document: `mutation OpsRecordTransaction($input: RecordTransactionInput!) {
  recordTransaction(input: $input) { transactionQrToken transactionQrTokenExpiresAt transaction { id } }
}`,
    variables: (flags) => ({
      input: {
        publicTerminalId: text(flags, 'terminal'),
        totalAmount: integer(text(flags, 'total'), 'total'),
        ...(text(flags, 'currency') !== undefined ? { currency: text(flags, 'currency') } : {}),
        items: list(flags, 'item').map(parseItem),
        ...(list(flags, 'coupon').length > 0 ? { couponIds: list(flags, 'coupon') } : {}),
      },
    }),
    result: (data) => {
      const recorded = data.recordTransaction as {
        transactionQrToken: string;
        transactionQrTokenExpiresAt: string;
        transaction: { id: string };
      };
      return {
        transactionId: recorded.transaction.id,
        transactionQrToken: recorded.transactionQrToken,
        transactionQrTokenExpiresAt: recorded.transactionQrTokenExpiresAt,
      };
    },
  },
];
