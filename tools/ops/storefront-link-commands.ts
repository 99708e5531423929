/**
 * Operator commands linking a storefront shop's inventory to the stock ledger (issue 14:
 * storefront:link-item, storefront:link-location): the shop's inventory webhook then sets the linked
 * product's level at the linked stock location (docs/decisions/0016-stock-postings.md).
 */
import { text, type OpsCommand } from './command.js';

export const STOREFRONT_LINK_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'storefront:link-item',
    summary:
      'Link a storefront shop’s inventory item (--item, its inventory_item_id) to a --product of the business (again re-points it).',
    flags: {
      business: { value: 'ID', required: true },
      shop: { value: 'DOMAIN', required: true },
      item: { value: 'ID', required: true },
      product: { value: 'ID', required: true },
    },
    operationName: 'OpsLinkStorefrontItem',
    document:
      'mutation OpsLinkStorefrontItem($input: LinkStorefrontItemInput!) { linkStorefrontItem(input: $input) { id productId } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        shopDomain: text(flags, 'shop'),
        inventoryItemId: text(flags, 'item'),
        productId: text(flags, 'product'),
      },
    }),
    result: (data) => {
      const link = data.linkStorefrontItem as { id: string; productId: string };
      return { linkId: link.id, productId: link.productId };
    },
  },
  {
    name: 'storefront:link-location',
    summary:
      'Link a storefront shop’s location (--storefront-location, its location_id) to a stock --location of the business (again re-points it).',
    flags: {
      business: { value: 'ID', required: true },
      shop: { value: 'DOMAIN', required: true },
      'storefront-location': { value: 'ID', required: true },
      location: { value: 'ID', required: true },
    },
    operationName: 'OpsLinkStorefrontLocation',
    document:
      'mutation OpsLinkStorefrontLocation($input: LinkStorefrontLocationInput!) { linkStorefrontLocation(input: $input) { id locationId } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        shopDomain: text(flags, 'shop'),
        storefrontLocationId: text(flags, 'storefront-location'),
        locationId: text(flags, 'location'),
      },
    }),
    result: (data) => {
      const link = data.linkStorefrontLocation as { id: string; locationId: string };
      return { linkId: link.id, locationId: link.locationId };
    },
  },
];
