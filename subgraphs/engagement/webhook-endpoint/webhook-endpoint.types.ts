import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

/** What a test call got back (`testWebhookEndpoint`). */
@ObjectType('WebhookTestResult', {
  description:
    'The answer to a `webhook.test` event sent now to an endpoint (recorded as an attempt with trigger test).',
})
export class WebhookTestResult {
  @Field(() => Boolean, { description: 'Whether the receiver answered 2xx.' })
  ok!: boolean;

  @Field(() => Int, { nullable: true, description: 'The receiver’s HTTP status; null when no response arrived.' })
  status!: number | null;

  @Field(() => Int, { description: 'Milliseconds from sending to the response (or the failure).' })
  latencyMs!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'Why no usable response arrived: timeout, connection, address_refused (a private address in production), tls or invalid_url; null when one did.',
  })
  error!: string | null;

  @Field(() => String, { nullable: true, description: 'The first 1,024 characters of the receiver’s body.' })
  responseExcerpt!: string | null;

  @Field(() => ID, { description: 'The test event’s id (the webhook-id header).' })
  eventId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was sent.' })
  attemptedAt!: Date;
}

@ObjectType('WebhookAttempt', { description: 'One HTTP attempt to deliver an event to an endpoint.' })
export class WebhookAttemptView {
  @Field(() => ID, { description: 'UUIDv7 identifier of the attempt.' })
  id!: string;

  @Field(() => ID, { description: 'The endpoint.' })
  endpointId!: string;

  @Field(() => ID, { nullable: true, description: 'The delivery it belongs to; null for a test call.' })
  deliveryId!: string | null;

  @Field(() => ID, { description: 'The event (the webhook-id header, the same on every retry).' })
  eventId!: string;

  @Field(() => String, { description: 'The event type, e.g. purchase.completed.' })
  eventType!: string;

  @Field(() => Int, { description: 'Which attempt of its delivery (1 for the first).' })
  attempt!: number;

  @Field(() => String, { description: 'Why it was made: scheduled (first try or retry), manual (a re-send) or test.' })
  trigger!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was sent.' })
  attemptedAt!: Date;

  @Field(() => Int, { nullable: true, description: 'The receiver’s HTTP status; null when no response arrived.' })
  responseStatus!: number | null;

  @Field(() => Int, { description: 'Milliseconds from sending to the response (or the failure).' })
  latencyMs!: number;

  @Field(() => String, { nullable: true, description: 'The first 1,024 characters of the receiver’s body.' })
  responseExcerpt!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why no usable response arrived (timeout, connection, address_refused, tls, …); null when one did.',
  })
  error!: string | null;
}

@ObjectType('WebhookAttemptEdge', { description: 'An attempt and its cursor.' })
export class WebhookAttemptEdge {
  @Field(() => String, { description: 'Opaque cursor: pass it as `after` for the attempts after this one.' })
  cursor!: string;

  @Field(() => WebhookAttemptView)
  node!: WebhookAttemptView;
}

@ObjectType('WebhookAttemptPageInfo', { description: 'Where a page of attempts ends.' })
export class WebhookAttemptPageInfo {
  @Field(() => Boolean, { description: 'Whether older attempts follow.' })
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'The last edge’s cursor; null on an empty page.' })
  endCursor!: string | null;
}

@ObjectType('WebhookAttemptConnection', { description: 'Delivery attempts, newest first (a Relay connection).' })
export class WebhookAttemptConnection {
  @Field(() => [WebhookAttemptEdge])
  edges!: WebhookAttemptEdge[];

  @Field(() => [WebhookAttemptView], { description: 'The edges’ nodes, for clients that need no cursors.' })
  nodes!: WebhookAttemptView[];

  @Field(() => WebhookAttemptPageInfo)
  pageInfo!: WebhookAttemptPageInfo;
}

@ObjectType('WebhookDelivery', { description: 'One event on its way to one endpoint.' })
export class WebhookDeliveryView {
  @Field(() => ID, { description: 'UUIDv7 identifier of the delivery.' })
  id!: string;

  @Field(() => ID, { description: 'The event.' })
  eventId!: string;

  @Field(() => ID, { description: 'The endpoint.' })
  endpointId!: string;

  @Field(() => String, { description: 'pending, succeeded, failed or cancelled.' })
  status!: string;

  @Field(() => Int, { description: 'Attempts made so far on the current schedule.' })
  attempts!: number;

  @Field(() => GraphQLDateTimeISO, { description: 'When the next attempt is due (while pending).' })
  nextAttemptAt!: Date;
}
