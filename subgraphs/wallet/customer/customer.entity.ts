import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A customer: one user's membership at one shop app (its member number, points and rank). The id is
 * the interface's `{customerId}`. Passes and notification tokens belong to it and go with it; it goes
 * with its user account or its shop app (foreign keys of migration 0027, known to the database only).
 */
@ObjectType('Customer', { description: "A user's membership at a shop app: member number, points and rank." })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'customer' })
@Unique({ properties: ['shopAppId', 'userId'] })
@Unique({ properties: ['shopAppId', 'memberNumber'] })
@Check({ name: 'customer_points_check', expression: '"points" >= 0' })
export class Customer extends BaseEntity {
  /** The shop app (stores subgraph's shop_app.id) this membership is at. */
  @Property({ type: 'uuid' })
  shopAppId!: string;

  /** The member (identity's user_account.id). */
  @Index()
  @Property({ type: 'uuid' })
  userId!: string;

  @Field(() => String, { description: 'Member number printed on the card, unique within the shop app.' })
  @Property({ type: 'string', length: 16 })
  memberNumber!: string;

  @Field(() => Int, { description: 'Points balance, never negative.' })
  @Property({ type: 'integer', default: 0 })
  points: number & Opt = 0;

  /** Code of the rank in the shop's membership card config; null when the shop has no card configured. */
  @Property({ type: 'string', length: 32, nullable: true })
  rankCode?: string | null;

  /**
   * When what a pass of this customer shows (points, rank) last changed: Apple's `Last-Modified` and
   * `passesUpdatedSince`. Bumped with every change of points or rank.
   */
  @Field(() => GraphQLDateTimeISO, { description: 'When points or rank (what its wallet passes show) last changed.' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  passUpdatedAt: Date & Opt = new Date();
}
