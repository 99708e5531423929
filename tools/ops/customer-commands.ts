/** Operator commands of shop app customers (customer:create). */
import { CommandFailure, text, type OpsCommand } from './command.js';

/** `--points`: a whole number (the service checks its range). */
function points(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isInteger(parsed))
    throw new CommandFailure(400, 'validation_failed', '--points must be an integer.');
  return parsed;
}

export const CUSTOMER_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'customer:create',
    summary:
      "Make a user a member (customer) of a shop app, with a generated 12-digit member number; --points defaults to the card's points on sign-up, --rank to the rank the points reach (a rank code of the shop's membership card).",
    flags: {
      shop: { value: 'S', required: true },
      user: { value: 'ID', required: true },
      points: { value: 'N' },
      rank: { value: 'R' },
    },
    operationName: 'OpsCreateCustomer',
    document: 'mutation OpsCreateCustomer($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }',
    variables: (flags) => {
      const given = text(flags, 'points');
      return {
        input: {
          shopId: text(flags, 'shop'),
          userId: text(flags, 'user'),
          ...(given !== undefined ? { points: points(given) } : {}),
          ...(text(flags, 'rank') !== undefined ? { rankCode: text(flags, 'rank') } : {}),
        },
      };
    },
    result: (data) => ({ customerId: (data.createCustomer as { id: string }).id }),
  },
];
