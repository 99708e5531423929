/** Operator commands of shop apps. */
import { list, on, text, type OpsCommand } from './command.js';

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
  {
    name: 'page:create',
    summary:
      'Add a page to a shop app (--slug: 1 to 64 of a-z 0-9 -; --body: HTML, stored sanitized); --published shows it at once.',
    flags: {
      shop: { value: 'S', required: true },
      slug: { value: 'X', required: true },
      title: { value: 'T', required: true },
      body: { value: 'B', required: true },
      published: { boolean: true },
    },
    operationName: 'OpsCreateAppPage',
    document:
      'mutation OpsCreateAppPage($shopId: String!, $input: CreateAppPageInput!) { createAppPage(shopId: $shopId, input: $input) { shopId slug } }',
    variables: (flags) => ({
      shopId: text(flags, 'shop'),
      input: {
        slug: text(flags, 'slug'),
        title: text(flags, 'title'),
        body: text(flags, 'body'),
        published: on(flags, 'published'),
      },
    }),
    result: (data) => {
      const page = data.createAppPage as { shopId: string; slug: string };
      return { shopId: page.shopId, slug: page.slug };
    },
  },
];
