import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Wallet platforms of the interface: mobile-a is Apple Wallet, mobile-b Google Wallet (DECISIONS.md). */
export const WALLET_PLATFORMS = ['mobile-a', 'mobile-b'] as const;
export type WalletPlatform = (typeof WALLET_PLATFORMS)[number];

/**
 * A membership card a customer added to a mobile wallet. Wallet push re-sends the current rank and
 * points to every pass of the customer in the shop.
 */
@ObjectType('WalletPass', { description: 'A membership card in a customer mobile wallet.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'wallet_pass' })
// Serves "passes of a customer in a shop" (wallet push).
@Index({ properties: ['shopId', 'customerId'] })
export class WalletPass extends BaseEntity {
  @Field(() => ID, { description: 'The customer (a consumer account id).' })
  @Property({ type: 'uuid' })
  customerId!: string;

  @Field(() => String, { description: 'The shop app whose membership card this is.' })
  @Property({ type: 'string', length: 64 })
  shopId!: string;

  @Field(() => String, { description: 'Wallet platform: mobile-a or mobile-b.' })
  @Property({ type: 'string', length: 16 })
  platform!: WalletPlatform;

  @Field(() => String, { description: 'Serial number of the pass, unique across all passes.' })
  @Property({ type: 'string', length: 64, unique: true })
  serialNumber!: string;

  @Field(() => String, { nullable: true, description: 'Membership rank shown on the pass, e.g. Gold.' })
  @Property({ type: 'string', length: 64, nullable: true })
  rank?: string | null;

  @Field(() => Int, { description: 'Points balance shown on the pass.' })
  @Property({ type: 'integer', default: 0 })
  points: number & Opt = 0;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When rank and points were last pushed to the pass; null: never.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastPushedAt?: Date | null;
}
