import type { Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A push notification token of a customer's device. One row per (customer, channel, device):
 * registering the same triple again replaces the token and bumps `lastSeenAt`, enforced by the unique
 * constraint. Apple Wallet's device registrations (pass web service) are rows of channel `apple-wallet`
 * whose device is the deviceLibraryIdentifier.
 */
@ObjectType('NotificationToken', { description: 'A push notification token of a customer device.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'notification_token' })
@Unique({ properties: ['customerId', 'channel', 'deviceId'] })
export class NotificationToken extends BaseEntity {
  @Field(() => ID, { description: 'The customer the device belongs to.' })
  @Property({ type: 'uuid' })
  customerId!: string;

  @Field(() => String, { description: 'Push channel (see RegisterTokenRequest).' })
  @Property({ type: 'string', length: 16 })
  channel!: string;

  @Field(() => String, { description: 'Stable identifier of the device, chosen by the app.' })
  @Property({ type: 'string', length: 128 })
  deviceId!: string;

  /**
   * The provider's push token, a credential for messaging the device: stored encrypted with the
   * secrets key (AES-256-GCM, kernel/auth/secrets-key.ts) and never exposed.
   */
  @Property({ type: 'text' })
  pushToken!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the device last registered this token (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  lastSeenAt: Date & Opt = new Date();
}
