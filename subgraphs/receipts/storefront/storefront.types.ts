import { Field, ID, InputType, ObjectType } from 'type-graphql';

/** What the REST facade passes on of one inbound storefront webhook (the raw body and its headers). */
@InputType('StorefrontWebhookInput', { description: 'One inbound storefront webhook as received (anchor: Shopify).' })
export class StorefrontWebhookInput {
  @Field(() => String, {
    description:
      'Which path it came to: orders, inventory, app-uninstalled, customers-data-request, customers-redact or shop-redact.',
  })
  kind!: string;

  @Field(() => String, { description: 'The raw request body, base64 (the exact bytes the signature covers).' })
  bodyBase64!: string;

  @Field(() => String, { nullable: true, description: 'X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the body.' })
  hmac?: string | null;

  @Field(() => String, { nullable: true, description: 'X-Shopify-Shop-Domain, e.g. example.myshopify.com.' })
  shopDomain?: string | null;

  @Field(() => String, { nullable: true, description: 'X-Shopify-Topic, e.g. orders/create.' })
  topic?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'X-Shopify-Event-Id, else X-Shopify-Webhook-Id (the dedupe key).',
  })
  eventId?: string | null;
}

@ObjectType('StorefrontWebhookReceipt', { description: 'What receiving a storefront webhook did.' })
export class StorefrontWebhookReceipt {
  @Field(() => Boolean, { description: 'True when this event id was already received: nothing changed.' })
  duplicate!: boolean;
}

@InputType('InstallShopInput', { description: 'A storefront shop to install for a business account.' })
export class InstallShopInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business account (operator: required; a business token: its own account, may be omitted).',
  })
  businessAccountId?: string | null;

  @Field(() => String, {
    description:
      'The shop domain: a DNS hostname (Shopify’s permanent `<name>.myshopify.com`), stored lowercase without a trailing dot.',
  })
  shopDomain!: string;

  @Field(() => String, {
    description:
      'The app’s shared secret (1 to 256 characters, as the storefront platform issued it); stored encrypted, never returned.',
  })
  secret!: string;

  @Field(() => ID, { description: 'The store of that business that receives the shop’s orders.' })
  storeId!: string;
}
