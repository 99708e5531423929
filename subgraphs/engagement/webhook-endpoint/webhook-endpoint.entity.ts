import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Delivery states of an endpoint. */
export enum WebhookEndpointStatus {
  Active = 'active',
  Failing = 'failing',
  Disabled = 'disabled',
}

/**
 * A URL of a business account that receives outbound events (Standard Webhooks). The signing secret is
 * kept encrypted and is never returned, not even to its owner.
 */
@ObjectType('WebhookEndpoint', { description: 'A registered URL that receives outbound events of a business account.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'webhook_endpoint' })
export class WebhookEndpoint extends BaseEntity {
  /** Owner; a foreign key to identity's business_account (enforced by the database). */
  @Index()
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  /**
   * The OAuth app (`oauth_client.id`) whose token registered the endpoint: it receives only the types
   * that app's live grants for the business hold the scope of, and is disabled when the last of them
   * ends. Null: tied to no app (registered before apps were remembered), delivered every type it lists.
   */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  oauthClientId?: string | null;

  @Field(() => String, { description: 'Absolute URL events are POSTed to.' })
  @Property({ type: 'string', length: 2048 })
  url!: string;

  @Field(() => [String], { description: 'Event types the endpoint subscribes to, e.g. purchase.completed.' })
  @Property({ type: 'json' })
  events: string[] & Opt = [];

  @Field(() => String, { description: 'Delivery state: active, failing or disabled.' })
  @Property({ type: 'string', length: 16, default: WebhookEndpointStatus.Active })
  status: string & Opt = WebhookEndpointStatus.Active;

  /** The signing secret, encrypted at rest. Never exposed. */
  @Property({ type: 'string', length: 1024, lazy: true })
  secretCiphertext!: string;

  /** During a rotation's overlap window: the secret before the last rotation, encrypted; deliveries carry both signatures. */
  @Property({ type: 'string', length: 1024, nullable: true, lazy: true })
  previousSecretCiphertext?: string | null;

  /** When the previous secret stops signing. */
  @Field(() => GraphQLDateTimeISO, {
    // Named for what it is, a time: no field of an endpoint names the secret.
    name: 'rotationOverlapEndsAt',
    nullable: true,
    description:
      'During a secret rotation: until when deliveries also carry a signature with the previous secret; null when none.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  previousSecretExpiresAt?: Date | null;

  /** Since when every attempt has failed (null after a success); 5 days of it disables the endpoint. */
  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description:
      'Since when every delivery attempt has failed; null after a success. Five days of it disable the endpoint.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  failingSince?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When the endpoint was disabled; null unless disabled.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  disabledAt?: Date | null;

  /**
   * Why it was disabled: `gone` (the receiver answered 410), `failing` (5 days of failures) or
   * `app_access_ended` (the app that registered it no longer has a live grant for the business).
   */
  @Field(() => String, {
    nullable: true,
    description:
      'Why it was disabled: gone (the receiver answered 410), failing (5 days of failures) or app_access_ended (the app whose token registered it lost its access to the business: its grants were revoked, it was deleted, or the owner withdrew consent); null unless disabled.',
  })
  @Property({ type: 'string', length: 32, nullable: true })
  disabledReason?: string | null;
}
