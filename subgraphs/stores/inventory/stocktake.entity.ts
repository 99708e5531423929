import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Where a stocktake is: being counted, applied as corrections, or dropped. */
export enum StocktakeStatus {
  open = 'open',
  applied = 'applied',
  cancelled = 'cancelled',
}
registerEnumType(StocktakeStatus, {
  name: 'StocktakeStatus',
  description: 'open (counts being recorded), applied (corrections posted) or cancelled.',
});

/** A counting session at one location, applied as one transaction of `stocktake` movements. */
@ObjectType('Stocktake', { description: 'A stock count at one location, applied as correcting movements.' })
@Entity({ tableName: 'stocktake' })
@Index({ properties: ['businessAccountId', 'id'] })
export class Stocktake extends BaseEntity {
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => ID, { description: 'The stock location counted.' })
  @Index()
  @Property({ type: 'uuid' })
  locationId!: string;

  @Field(() => StocktakeStatus, { description: 'open, applied or cancelled.' })
  @Property({ type: 'string', length: 16 })
  status!: StocktakeStatus;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was applied; null until then.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  appliedAt?: Date | null;
}

/** How many of a product were counted in a stocktake. */
@ObjectType('StocktakeLine', { description: 'The count of one product in a stocktake.' })
@Entity({ tableName: 'stocktake_line' })
export class StocktakeLine {
  @PrimaryKey({ type: 'uuid' })
  stocktakeId!: string;

  @Field(() => ID, { description: 'The product counted.' })
  @Index()
  @PrimaryKey({ type: 'uuid' })
  productId!: string;

  @Field(() => Int, { description: 'How many were counted (0 or more).' })
  @Property({ type: 'integer' })
  counted!: number;
}
