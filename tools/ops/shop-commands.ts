/** Operator commands of shop apps (DECISIONS.md, Operator CLI, second wave). */
import { list, text, type OpsCommand } from './command.js';

export const SHOP_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'shop:create',
    summary:
      'Create the shop app of a business, addressed by --shop-id in /api/v1/apps/{shopId}/...; each --store (of that business) is shown by the app, the first being its main store.',
    flags: {
      business: { value: 'ID', required: true },
      'shop-id': { value: 'S', required: true },
      name: { value: 'N', required: true },
      store: { value: 'ID', repeatable: true },
    },
    operationName: 'OpsCreateShopApp',
    document: 'mutation OpsCreateShopApp($input: CreateShopAppInput!) { createShopApp(input: $input) { shopId } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        shopId: text(flags, 'shop-id'),
        name: text(flags, 'name'),
        storeIds: list(flags, 'store'),
      },
    }),
    result: (data) => ({ shopId: (data.createShopApp as { shopId: string }).shopId }),
  },
];
