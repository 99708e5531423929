/** Operator commands of orders (issue 14: order:create). */
import { CommandFailure, list, on, text, type OpsCommand } from './command.js';

/** `name:price:qty:rate` (the name may contain colons: the last three parts are the integers). */
export function parseOrderLine(value: string): {
  name: string;
  unitPrice: number;
  quantity: number;
  taxRateBasisPoints: number;
} {
  const parts = value.split(':');
  const [taxRateBasisPoints, quantity, unitPrice] = [Number(parts.pop()), Number(parts.pop()), Number(parts.pop())];
  const name = parts.join(':');
  if (name === '' || ![unitPrice, quantity, taxRateBasisPoints].every(Number.isInteger))
    throw new CommandFailure(400, 'validation_failed', `--line "${value}" must be "name:price:qty:rate" (integers).`);
  return { name, unitPrice, quantity, taxRateBasisPoints };
}

export const ORDER_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'order:create',
    summary:
      'Enter an order of a business at one of its stores (writes order.created): lines "name:price:qty:rate" with the price tax included in minor units and the tax rate in basis points (1000 = 10 %); --paid records it paid.',
    flags: {
      business: { value: 'ID', required: true },
      store: { value: 'ID', required: true },
      line: { value: '"name:price:qty:rate"', repeatable: true, required: true },
      customer: { value: 'ID' },
      paid: { boolean: true },
    },
    operationName: 'OpsCreateOrder',
    document:
      'mutation OpsCreateOrder($input: CreateOrderInput!) { createOrder(input: $input) { id orderNumber status totalAmount } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        storeId: text(flags, 'store'),
        lines: list(flags, 'line').map(parseOrderLine),
        paid: on(flags, 'paid'),
        ...(text(flags, 'customer') !== undefined ? { customerId: text(flags, 'customer') } : {}),
      },
    }),
    result: (data) => {
      const created = data.createOrder as { id: string; orderNumber: number; status: string; totalAmount: number };
      return {
        orderId: created.id,
        orderNumber: created.orderNumber,
        status: created.status,
        totalAmount: created.totalAmount,
      };
    },
  },
];
