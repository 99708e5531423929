import type { Opt } from '@mikro-orm/core';
import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { User } from '../user/user.entity.js';

/** The platforms a consumer device may run. */
export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/**
 * Not a GraphQL type on purpose (see user.entity.ts): the row id and update time stay internal; a
 * device is addressed by its client-supplied deviceId within its user.
 */
abstract class DeviceRecord extends BaseEntity {}

/**
 * A consumer's device in the device registry. `deviceId` is chosen by the app and unique per user;
 * registering the same one again updates the row (POST semantics of the interface).
 */
@ObjectType('Device', { description: "A device registered to the signed-in user's account." })
@Entity({ tableName: 'user_device' })
@Unique({ properties: ['userId', 'deviceId'] })
export class UserDevice extends DeviceRecord {
  /** The owner. Devices go with their account if it is ever removed for good. */
  @ManyToOne(() => User, { fieldName: 'user_id', mapToPk: true, deleteRule: 'cascade' })
  userId!: string;

  @Field(() => String, { description: 'Identifier the app chose: 1 to 128 of A-Z a-z 0-9 . _ : -' })
  @Property({ type: 'string', length: 128 })
  deviceId!: string;

  @Field(() => String, { description: 'ios, android or web.' })
  @Property({ type: 'string', length: 16 })
  platform!: DevicePlatform;

  @Field(() => String, { nullable: true, description: 'Name the user gave the device, at most 100 characters.' })
  @Property({ type: 'string', length: 100, nullable: true })
  name?: string | null;

  /**
   * The push notification token as the platform issued it, sealed with the secrets key (push-token.ts:
   * `unsealPushToken` reads it); never exposed. Column `push_token`.
   */
  @Property({ type: 'text', fieldName: 'push_token', nullable: true })
  sealedPushToken?: string | null;

  /** Keyed digest of the push token in clear (push-token.ts), to find a device by its token. */
  @Property({ type: 'string', length: 64, nullable: true })
  pushTokenDigest?: string | null;

  /** Version of the app that last registered the device. */
  @Property({ type: 'string', length: 32, nullable: true })
  appVersion?: string | null;

  @Field(() => GraphQLDateTimeISO, { description: 'When the device last registered (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  lastSeenAt: Date & Opt = new Date();

  @Field(() => GraphQLDateTimeISO, { description: 'When the device was first registered (RFC 3339, UTC).' })
  override createdAt!: Date & Opt;
}
