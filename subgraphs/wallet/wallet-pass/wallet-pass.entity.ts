import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Wallet platforms of the interface: mobile-a is Apple Wallet, mobile-b Google Wallet. */
export const WALLET_PLATFORMS = ['mobile-a', 'mobile-b'] as const;
export type WalletPlatform = (typeof WALLET_PLATFORMS)[number];

/**
 * A membership card issued to a customer's mobile wallet, one per platform: created the first time the
 * pass (mobile-a) or save link (mobile-b) is issued. It shows the customer's current points and rank;
 * wallet push tells the wallet to fetch them again.
 */
@ObjectType('WalletPass', { description: 'A membership card in a customer mobile wallet.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'wallet_pass' })
@Unique({ properties: ['customerId', 'platform'] })
export class WalletPass extends BaseEntity {
  @Field(() => ID, { description: 'The customer whose card this is.' })
  @Property({ type: 'uuid' })
  customerId!: string;

  @Field(() => String, { description: 'Wallet platform: mobile-a (Apple Wallet) or mobile-b (Google Wallet).' })
  @Property({ type: 'string', length: 16 })
  platform!: WalletPlatform;

  @Field(() => String, { description: 'Serial number of the pass (Apple) or object id suffix (Google), unique.' })
  @Property({ type: 'string', length: 64, unique: true })
  serialNumber!: string;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When points and rank were last pushed to the pass; null: never.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastPushedAt?: Date | null;
}
