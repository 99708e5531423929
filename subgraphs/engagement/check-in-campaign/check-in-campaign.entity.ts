import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A check-in campaign of a store: consumers check in by presenting its token (usually from a QR code
 * at the store). It accepts check-ins while active and inside its optional time window.
 */
@ObjectType('CheckInCampaign', { description: 'A check-in campaign of a store, addressed by its token.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'check_in_campaign' })
export class CheckInCampaign extends BaseEntity {
  @Field(() => String, { description: 'The campaign token consumers present (from a QR code or link).' })
  @Property({ type: 'string', length: 64, unique: true })
  token!: string;

  /** Foreign key to the stores subgraph's store table (enforced by the database). */
  @Index()
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => String, { description: 'Campaign name shown to consumers.' })
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Description shown to consumers.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Check-ins are accepted from this time; null: no start limit.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  startsAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Check-ins are accepted until this time; null: no end limit.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  endsAt?: Date | null;

  @Field(() => Boolean, { description: 'Whether the store has the campaign switched on.' })
  @Property({ type: 'boolean', default: true })
  isActive: boolean & Opt = true;
}
