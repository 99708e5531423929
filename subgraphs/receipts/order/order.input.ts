import { GraphQLDateTimeISO } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { OrderSource, OrderStatus } from './order-state.js';

@InputType('OrderLineInput', { description: 'One line of an order entered by staff; amounts tax included.' })
export class OrderLineInput {
  @Field(() => String, { description: 'Product name, 1 to 200 characters.' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Stock keeping unit, at most 64 characters.' })
  sku?: string | null;

  @Field(() => ID, { nullable: true, description: 'The product (stores subgraph), if the line is one.' })
  productId?: string | null;

  @Field(() => Int, { description: 'Quantity, 1 to 10000.' })
  quantity!: number;

  @Field(() => Int, { description: 'Unit price in minor units, tax included, 0 to 1e9.' })
  unitPrice!: number;

  @Field(() => Int, { description: 'Tax rate in basis points, 0 to 10000: 1000 = 10 %, 800 = 8 %.' })
  taxRateBasisPoints!: number;
}

@InputType('CreateOrderInput', { description: 'An order entered by staff at a store of the business.' })
export class CreateOrderInput {
  @Field(() => ID, { description: 'The store of the business the order is for.' })
  storeId!: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The business account; required for the operator, else the token’s own (another is FORBIDDEN).',
  })
  businessAccountId?: string | null;

  @Field(() => ID, { nullable: true, description: 'The business’s customer (BusinessCustomer id), if known.' })
  customerId?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 4217 code, three capital letters. Default JPY.' })
  currency?: string | null;

  @Field(() => [OrderLineInput], {
    description: 'The lines, 1 to 100; the total (at most 1e9) is their sum, the tax is computed per rate.',
  })
  lines!: OrderLineInput[];

  @Field(() => Boolean, { nullable: true, description: 'Record it paid at once (default false: open).' })
  paid?: boolean | null;
}

@ArgsType()
export class OrdersArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (above is clamped); default 20.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only orders of this store.' })
  storeId?: string | null;

  @Field(() => OrderStatus, { nullable: true, description: 'Only orders with this status.' })
  status?: OrderStatus | null;

  @Field(() => OrderSource, { nullable: true, description: 'Only orders from this source.' })
  source?: OrderSource | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Only orders recorded at or after this instant.' })
  createdFrom?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Only orders recorded before this instant.' })
  createdTo?: Date | null;

  @Field(() => ID, { nullable: true, description: 'Only orders of this customer (BusinessCustomer id).' })
  customerId?: string | null;
}
