import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** What kind of place holds stock. */
export enum StockLocationKind {
  floor = 'floor',
  backroom = 'backroom',
  warehouse = 'warehouse',
}
registerEnumType(StockLocationKind, {
  name: 'StockLocationKind',
  description: 'floor (a store’s sales floor), backroom (a store’s stock room) or warehouse.',
});

/** A place where a business keeps stock: a store's floor or backroom, or a warehouse. */
@ObjectType('StockLocation', {
  description: 'A place where a business keeps stock: a store floor, backroom or warehouse.',
})
@Entity({ tableName: 'stock_location' })
@Unique({ properties: ['businessAccountId', 'name'] })
export class StockLocation extends BaseEntity {
  /** Owner; a database-only foreign key to identity's business_account. */
  @Field(() => ID, { description: 'The business account that owns the location.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'Name, 1 to 100 characters, unique within the business.' })
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Field(() => StockLocationKind, { description: 'floor, backroom or warehouse.' })
  @Property({ type: 'string', length: 16 })
  kind!: StockLocationKind;

  @Field(() => ID, { nullable: true, description: 'The store of the business it belongs to; null for none.' })
  @Index()
  @Property({ type: 'uuid', nullable: true })
  storeId?: string | null;
}
