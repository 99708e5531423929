import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { StockLocationKind } from './stock-location.entity.js';
import { StockMovementKind } from './stock-movement.entity.js';

@InputType('CreateStockLocationInput', { description: 'A new stock location of a business.' })
export class CreateStockLocationInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business (the operator must name it; a business token may only name its own).',
  })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'Name, 1 to 100 characters, unique within the business.' })
  name!: string;

  @Field(() => StockLocationKind, { description: 'floor, backroom or warehouse.' })
  kind!: StockLocationKind;

  @Field(() => ID, { nullable: true, description: 'A store of the business it belongs to.' })
  storeId?: string | null;
}

@InputType('UpdateStockLocationInput', {
  description: 'Changes to a stock location: absent fields stay, null clears the store.',
})
export class UpdateStockLocationInput {
  @Field(() => ID, { description: 'The stock location.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Name, 1 to 100 characters, unique within the business.' })
  name?: string | null;

  @Field(() => StockLocationKind, { nullable: true, description: 'floor, backroom or warehouse.' })
  kind?: StockLocationKind | null;

  @Field(() => ID, { nullable: true, description: 'A store of the business; null for none.' })
  storeId?: string | null;
}

@InputType('AdjustStockInput', { description: 'A correction of one level, with its reason.' })
export class AdjustStockInput {
  @Field(() => ID, { description: 'The product.' })
  productId!: string;

  @Field(() => ID, { description: 'The stock location.' })
  locationId!: string;

  @Field(() => Int, { description: 'Signed change, not 0, at most 1000000 either way.' })
  delta!: number;

  @Field(() => String, { description: 'Why (damaged, lost, found, ...), 1 to 500 characters.' })
  reason!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The caller’s own reference (at most 200 characters): a second adjustment with it is not posted again.',
  })
  reference?: string | null;
}

@InputType('ReceiveStockInput', { description: 'Goods received at a location.' })
export class ReceiveStockInput {
  @Field(() => ID, { description: 'The product.' })
  productId!: string;

  @Field(() => ID, { description: 'The stock location.' })
  locationId!: string;

  @Field(() => Int, { description: 'How many arrived, 1 to 1000000.' })
  quantity!: number;

  @Field(() => String, { nullable: true, description: 'A note (delivery slip, supplier), at most 500 characters.' })
  reason?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The caller’s own reference, e.g. the delivery number (at most 200): received once only.',
  })
  reference?: string | null;
}

@InputType('TransferStockInput', { description: 'Stock moved from one location of the business to another.' })
export class TransferStockInput {
  @Field(() => ID, { description: 'The product.' })
  productId!: string;

  @Field(() => ID, { description: 'Where the stock leaves.' })
  fromLocationId!: string;

  @Field(() => ID, { description: 'Where the stock arrives (another location).' })
  toLocationId!: string;

  @Field(() => Int, { description: 'How many, 1 to 1000000.' })
  quantity!: number;

  @Field(() => String, { nullable: true, description: 'A note, at most 500 characters.' })
  reason?: string | null;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (larger is clamped); default 20.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;
}

@ArgsType()
export class StockLocationsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the locations of this store of the business.' })
  storeId?: string | null;
}

@ArgsType()
export class StockLevelsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only this product’s levels.' })
  productId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only this location’s levels.' })
  locationId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only the levels of locations of this store.' })
  storeId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Only levels with this many on hand or fewer (a reorder list).' })
  belowOrAt?: number | null;
}

@ArgsType()
export class StockMovementsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only this product’s movements.' })
  productId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only this location’s movements.' })
  locationId?: string | null;

  @Field(() => StockMovementKind, { nullable: true, description: 'Only movements of this kind.' })
  kind?: StockMovementKind | null;
}
