import { Field, InputType } from 'type-graphql';

@InputType('RegisterWebhookEndpointInput', {
  description: 'A URL of the caller’s business account to receive outbound events (Standard Webhooks).',
})
export class RegisterWebhookEndpointInput {
  @Field(() => String, {
    description:
      'Absolute URL the events are POSTed to, at most 2048 characters: https (http only for local receivers outside production), no credentials, no private, loopback or link-local address in production.',
  })
  url!: string;

  @Field(() => [String], {
    description:
      'Event types of the catalogue to receive, at least one (an unknown type is BAD_USER_INPUT). Each needs its read scope in the token, else FORBIDDEN insufficient_scope naming the types: purchase.completed and receipt.claimed sales.read; order.* and app.uninstalled store.orders.read; inventory.updated store.inventory.read; checkin.recorded and survey.submitted store.campaigns.read; customer.updated store.customers.read; post.published sns.content.read; coupon.published store.coupons.read; flyer.published store.flyers.read; webhook.test none. No wildcard.',
  })
  events!: string[];

  @Field(() => String, {
    description:
      'Signing secret: 8 to 256 characters used as its UTF-8 bytes, or `whsec_` and the base64 of 16 to 64 key bytes. Stored encrypted; never returned.',
  })
  secret!: string;
}
