import { Entity, Index, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { STOCK_MOVEMENT_APPEND_ONLY_BODY } from './stock-movement-guard.js';

/** Why stock moved. */
export enum StockMovementKind {
  receipt = 'receipt',
  sale = 'sale',
  return = 'return',
  adjustment = 'adjustment',
  transfer_in = 'transfer_in',
  transfer_out = 'transfer_out',
  stocktake = 'stocktake',
}
registerEnumType(StockMovementKind, {
  name: 'StockMovementKind',
  description:
    'receipt (goods received), sale, return, adjustment (with a reason), transfer_in / transfer_out (the two legs of a ' +
    'transfer) or stocktake (a counted correction).',
});

/**
 * One line of the append-only stock ledger: a signed quantity of a product at a location, and the
 * level it left. Every stock level is the sum of its movements.
 */
@ObjectType('StockMovement', { description: 'One entry of the append-only stock ledger, with the level it left.' })
@Entity({ tableName: 'stock_movement' })
@Unique({ properties: ['businessAccountId', 'source', 'sourceRef'] })
@Index({ properties: ['businessAccountId', 'id'] })
@Index({ properties: ['productId', 'id'] })
@Index({ properties: ['locationId', 'id'] })
// Migration 0035: the ledger is append-only (declared with the same body so the schema diff knows it).
@Trigger({
  name: 'append_only',
  timing: 'before',
  events: ['update', 'delete'],
  forEach: 'row',
  body: STOCK_MOVEMENT_APPEND_ONLY_BODY,
})
export class StockMovement extends BaseEntity {
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => ID, { description: 'The product.' })
  @Property({ type: 'uuid' })
  productId!: string;

  @Field(() => ID, { description: 'The stock location.' })
  @Property({ type: 'uuid' })
  locationId!: string;

  @Field(() => Int, { description: 'Signed quantity: positive adds stock, negative removes it.' })
  @Property({ type: 'integer' })
  quantity!: number;

  @Field(() => StockMovementKind, { description: 'Why stock moved.' })
  @Property({ type: 'string', length: 16 })
  kind!: StockMovementKind;

  @Field(() => String, { nullable: true, description: 'Why (required for adjustments), at most 500 characters.' })
  @Property({ type: 'string', length: 500, nullable: true })
  reason?: string | null;

  @Field(() => ID, { nullable: true, description: 'The transfer whose two legs share it; null otherwise.' })
  @Property({ type: 'uuid', nullable: true })
  transferId?: string | null;

  @Field(() => String, { description: 'What posted it: manual, stocktake, receipt, order, webhook, ...' })
  @Property({ type: 'string', length: 32 })
  source!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The source’s own reference (unique per source within the business: posted once).',
  })
  @Property({ type: 'string', length: 200, nullable: true })
  sourceRef?: string | null;

  @Field(() => String, { description: 'Who posted it: operator, app:<client id>, or the posting process.' })
  @Property({ type: 'string', length: 200 })
  actor!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the stock moved.' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  occurredAt!: Date;

  @Field(() => Int, { description: 'The level on hand right after this movement.' })
  @Property({ type: 'integer' })
  onHandAfter!: number;
}
