/** Operator commands of storefront shops (inbound storefront webhooks, anchor: Shopify). */
import { text, type OpsCommand } from './command.js';

export const STOREFRONT_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'shop:install',
    summary:
      'Install a storefront shop (--shop: <name>.myshopify.com) for a business: --secret is the app’s shared secret that signs its webhooks (stored encrypted; running it again replaces it), --store (of that business) receives its orders as transactions at a terminal created for the shop.',
    flags: {
      business: { value: 'ID', required: true },
      shop: { value: 'DOMAIN', required: true },
      secret: { value: 'S', required: true },
      store: { value: 'STORE_ID', required: true },
    },
    operationName: 'OpsInstallShop',
    document:
      'mutation OpsInstallShop($input: InstallShopInput!) { installShop(input: $input) { id shopDomain storeId terminalId status } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        shopDomain: text(flags, 'shop'),
        secret: text(flags, 'secret'),
        storeId: text(flags, 'store'),
      },
    }),
    result: (data) => {
      const installation = data.installShop as Record<string, string>;
      return {
        installationId: installation.id,
        shopDomain: installation.shopDomain,
        storeId: installation.storeId,
        terminalId: installation.terminalId,
        status: installation.status,
      };
    },
  },
];
