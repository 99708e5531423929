/** Operator commands of storefront shops (inbound storefront webhooks, anchor: Shopify). */
import { text, type OpsCommand } from './command.js';

export const STOREFRONT_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'webhook-secret:set',
    summary:
      'Set the storefront app’s shared secret (1 to 256 characters, stored encrypted) that signs the webhooks of the shop --shop-domain (any DNS hostname, e.g. <name>.myshopify.com): a known shop’s secret is replaced; an unknown one is recorded with the secret alone, its webhooks verify and its orders are recorded as skipped until shop:install.',
    flags: {
      'shop-domain': { value: 'D', required: true },
      secret: { value: 'S', required: true },
    },
    operationName: 'OpsSetShopWebhookSecret',
    document:
      'mutation OpsSetShopWebhookSecret($shopDomain: String!, $secret: String!) { setShopWebhookSecret(shopDomain: $shopDomain, secret: $secret) { id shopDomain status } }',
    variables: (flags) => ({ shopDomain: text(flags, 'shop-domain'), secret: text(flags, 'secret') }),
    result: (data) => {
      const installation = data.setShopWebhookSecret as Record<string, string>;
      return { shopDomain: installation.shopDomain, installationId: installation.id, status: installation.status };
    },
  },
  {
    name: 'shop:install',
    summary:
      'Install a storefront shop (--shop-domain: any DNS hostname, e.g. <name>.myshopify.com) for a business: --secret is the app’s shared secret that signs its webhooks (stored encrypted; running it again replaces it), --store (of that business) receives its orders as transactions at a terminal created for the shop. A domain binds to one business: one bound to another business (uninstalled included) or set up by webhook-secret:set is refused (409 shop_domain_taken) unless --secret is its current secret; shop:release frees one.',
    flags: {
      business: { value: 'ID', required: true },
      'shop-domain': { value: 'D', required: true },
      secret: { value: 'S', required: true },
      store: { value: 'ID', required: true },
    },
    operationName: 'OpsInstallShop',
    document:
      'mutation OpsInstallShop($input: InstallShopInput!) { installShop(input: $input) { id shopDomain storeId terminalId status } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        shopDomain: text(flags, 'shop-domain'),
        secret: text(flags, 'secret'),
        storeId: text(flags, 'store'),
      },
    }),
    result: (data) => {
      const installation = data.installShop as Record<string, string>;
      return {
        shopDomain: installation.shopDomain,
        installationId: installation.id,
        storeId: installation.storeId,
        terminalId: installation.terminalId,
        status: installation.status,
      };
    },
  },
  {
    name: 'shop:release',
    summary:
      'Free the storefront shop domain --shop-domain from its business (a domain stays bound to its business, uninstalled included, until released): another business may then install it with shop:install and a secret of its own. Its orders are skipped until then.',
    flags: { 'shop-domain': { value: 'D', required: true } },
    operationName: 'OpsReleaseShopDomain',
    document:
      'mutation OpsReleaseShopDomain($shopDomain: String!) { releaseShopDomain(shopDomain: $shopDomain) { id shopDomain status } }',
    variables: (flags) => ({ shopDomain: text(flags, 'shop-domain') }),
    result: (data) => {
      const installation = data.releaseShopDomain as Record<string, string>;
      return { shopDomain: installation.shopDomain, installationId: installation.id, status: installation.status };
    },
  },
];
