/** GraphQL documents of the inbound storefront webhook rows: one mutation, named per path (operation ids are unique). */
import type { Operation } from '../kernel/route.js';

/** `ReceiveStorefrontWebhook<Kind>`, e.g. ReceiveStorefrontWebhookOrders for `orders`. */
export function receiveStorefrontWebhook(kind: string): Operation {
  const name = `ReceiveStorefrontWebhook${kind.replace(/(?:^|-)(\w)/g, (_match, letter: string) => letter.toUpperCase())}`;
  return {
    name,
    document: `mutation ${name}($input: StorefrontWebhookInput!) {
  receiveStorefrontWebhook(input: $input) { duplicate }
}`,
  };
}
