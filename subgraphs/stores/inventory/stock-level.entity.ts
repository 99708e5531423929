import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

/**
 * How many of a product a location has. Written only by `postMovements` (stock-ledger.ts), in the
 * transaction of the movement that explains the change, by one atomic statement.
 */
@ObjectType('StockLevel', { description: 'How many of a product one location has on hand.' })
@Entity({ tableName: 'stock_level' })
@Index({ properties: ['businessAccountId', 'productId', 'locationId'] })
export class StockLevel {
  @Field(() => ID, { description: 'The product.' })
  @PrimaryKey({ type: 'uuid' })
  productId!: string;

  @Field(() => ID, { description: 'The stock location.' })
  @Index()
  @PrimaryKey({ type: 'uuid' })
  locationId!: string;

  /** The product's business (copied, so a business's levels are read by one index). */
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => Int, {
    description: 'On hand: the sum of the location’s movements of the product (below zero only on backorder).',
  })
  @Property({ type: 'integer' })
  onHand!: number;

  @Field(() => GraphQLDateTimeISO, { description: 'When the level last changed.' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  updatedAt!: Date;
}
