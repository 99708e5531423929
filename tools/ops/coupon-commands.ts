/** Operator commands of coupons (coupon:create). */
import { text, type OpsCommand } from './command.js';

export const COUPON_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'coupon:create',
    summary:
      'Create a coupon for a store, published at once (writes coupon.published to the outbox); --valid-from and --valid-to are ISO 8601 instants, either may be left open.',
    flags: {
      store: { value: 'ID', required: true },
      title: { value: 'T', required: true },
      'valid-from': { value: 'ISO' },
      'valid-to': { value: 'ISO' },
    },
    operationName: 'OpsCreateCoupon',
    document: 'mutation OpsCreateCoupon($input: CreateCouponInput!) { createCoupon(input: $input) { id storeIds } }',
    variables: (flags) => ({
      input: {
        storeIds: [text(flags, 'store')],
        title: text(flags, 'title'),
        publish: true,
        ...(text(flags, 'valid-from') !== undefined ? { validFrom: text(flags, 'valid-from') } : {}),
        ...(text(flags, 'valid-to') !== undefined ? { validTo: text(flags, 'valid-to') } : {}),
      },
    }),
    result: (data) => {
      const created = data.createCoupon as { id: string; storeIds: string[] };
      return { storeId: created.storeIds[0], couponId: created.id };
    },
  },
];
