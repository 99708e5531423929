import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { RegisterWebhookEndpointInput } from './webhook-endpoint.input.js';
import { WebhookAttemptConnection, WebhookDeliveryView, WebhookTestResult } from './webhook-endpoint.types.js';

const WHO =
  'A business token (its own endpoints; another business’s id is NOT_FOUND webhook_endpoint_not_found) or the operator; a user token is FORBIDDEN business_token_required.';

/** Outbound webhook management: a business registers, reads, tests, rotates and deletes its endpoints. */
@Resolver(() => WebhookEndpoint)
export class WebhookManagementResolver {
  @Query(() => [WebhookEndpoint], {
    description: `The caller’s webhook endpoints, newest first (the operator: of the business named, else the newest 200 of all). ${WHO}`,
  })
  webhookEndpoints(
    @Arg('businessAccountId', () => ID, { nullable: true, description: 'Operator: only this business’s endpoints.' })
    businessAccountId: string | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<WebhookEndpoint[]> {
    return ctx.webhookEndpoints.list(businessAccountId);
  }

  @Query(() => WebhookEndpoint, { description: `One webhook endpoint. ${WHO}` })
  webhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: EngagementContext): Promise<WebhookEndpoint> {
    return ctx.webhookEndpoints.get(id);
  }

  @Mutation(() => WebhookEndpoint, {
    description:
      'Registers a webhook endpoint of the caller’s business (status active), tied to the OAuth app of the token. Invalid url, events or secret: BAD_USER_INPUT naming each (unknown event types listed); event types whose read scope the token lacks: FORBIDDEN insufficient_scope (the types in the message and `extensions.types`, the scopes in `extensions.scope`); more than 20 endpoints: CONFLICT webhook_endpoint_limit_reached. The endpoint is sent a type only while a live grant of its app for the business holds that type’s scope, and is disabled (app_access_ended) when the app’s last grant for the business ends. The secret is stored encrypted and never returned. A business token only (the operator and user tokens: FORBIDDEN business_token_required).',
  })
  registerWebhookEndpoint(
    @Arg('input', () => RegisterWebhookEndpointInput) input: RegisterWebhookEndpointInput,
    @Ctx() ctx: EngagementContext,
  ): Promise<WebhookEndpoint> {
    return ctx.webhookEndpoints.register(input);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a webhook endpoint; its pending deliveries and its attempts are deleted with it, so nothing more is sent. ${WHO}`,
  })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: EngagementContext): Promise<boolean> {
    return ctx.webhookEndpoints.delete(id);
  }

  @Mutation(() => WebhookTestResult, {
    description: `Sends a \`webhook.test\` event to the endpoint now, signed like every delivery, and answers the receiver’s status and latency (recorded as an attempt with trigger test; never retried). ${WHO}`,
  })
  testWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: EngagementContext): Promise<WebhookTestResult> {
    return ctx.webhookEndpoints.test(id);
  }

  @Mutation(() => WebhookEndpoint, {
    description: `Replaces the signing secret. The old secret keeps signing beside the new one (two signatures in webhook-signature) for overlapSeconds: default 86400 (24 h), 0 for none, at most 604800 (7 days). ${WHO}`,
  })
  rotateWebhookEndpointSecret(
    @Arg('id', () => ID) id: string,
    @Arg('secret', () => String, {
      description: 'The new secret: 8 to 256 characters, or whsec_ and the base64 of 16 to 64 bytes.',
    })
    secret: string,
    @Arg('overlapSeconds', () => Int, {
      nullable: true,
      description: 'How long the old secret still signs, in seconds: default 86400, 0 to 604800.',
    })
    overlapSeconds: number | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<WebhookEndpoint> {
    return ctx.webhookEndpoints.rotateSecret(id, secret, overlapSeconds);
  }

  @Mutation(() => WebhookEndpoint, {
    description: `Sets a disabled endpoint back to active (clearing its failure record); an active or failing one is answered unchanged. An endpoint whose app no longer has a live grant for the business stays disabled: CONFLICT webhook_app_access_ended. ${WHO}`,
  })
  enableWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: EngagementContext): Promise<WebhookEndpoint> {
    return ctx.webhookEndpoints.enable(id);
  }

  @Query(() => WebhookAttemptConnection, {
    description: `Delivery attempts, newest first: of one endpoint, or of every endpoint of the caller’s business (the operator names endpointId or businessAccountId). first: default 20, clamped to 100, below 1 BAD_USER_INPUT. ${WHO}`,
  })
  webhookAttempts(
    @Arg('endpointId', () => ID, { nullable: true, description: 'Only this endpoint’s attempts.' })
    endpointId: string | null,
    @Arg('businessAccountId', () => ID, {
      nullable: true,
      description: 'Operator: the attempts of this business’s endpoints.',
    })
    businessAccountId: string | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size: default 20, at most 100.' })
    first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after: string | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<WebhookAttemptConnection> {
    return ctx.webhookEndpoints.attempts({ endpointId, businessAccountId, first, after });
  }

  @Mutation(() => WebhookDeliveryView, {
    description: `Delivers an event to the endpoint again: its delivery (created if none) becomes pending, due now, with a fresh retry schedule and the same webhook-id. The event must be of the endpoint’s business and still kept (else NOT_FOUND webhook_event_not_found); a disabled endpoint is CONFLICT webhook_endpoint_disabled. ${WHO}`,
  })
  resendWebhookEvent(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('eventId', () => ID) eventId: string,
    @Ctx() ctx: EngagementContext,
  ): Promise<WebhookDeliveryView> {
    return ctx.webhookEndpoints.resend(endpointId, eventId);
  }
}
