import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A push notification token of a customer's device. One row per (customer, channel, device): registering
 * the same triple again replaces the token and bumps `lastSeenAt`, enforced by the unique constraint.
 */
@ObjectType('NotificationToken', { description: 'A push notification token of a customer device.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'notification_token' })
@Unique({ properties: ['customerId', 'channel', 'deviceId'] })
// Serves "tokens of a customer in a shop" (sending a push).
@Index({ properties: ['shopId', 'customerId'] })
export class NotificationToken extends BaseEntity {
  @Field(() => ID, { description: 'The customer (a consumer account id).' })
  @Property({ type: 'uuid' })
  customerId!: string;

  @Field(() => String, { description: 'The shop app the token was registered through.' })
  @Property({ type: 'string', length: 64 })
  shopId!: string;

  @Field(() => String, { description: 'Push channel, e.g. ios, android, web or a messaging app.' })
  @Property({ type: 'string', length: 16 })
  channel!: string;

  @Field(() => String, { description: 'Stable identifier of the device, chosen by the app.' })
  @Property({ type: 'string', length: 128 })
  deviceId!: string;

  /** The provider's push token; a credential for messaging the device, so never exposed. */
  @Property({ type: 'string', length: 512 })
  pushToken!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the device last registered this token (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  lastSeenAt: Date & Opt = new Date();
}
