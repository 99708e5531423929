import { Check, Entity, Index, PrimaryKey, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { FulfillmentStatus, OrderSource, OrderStatus, PaymentStatus } from './order-state.js';

/** Migration 0037: at commit, the lines of an order add up to its total (checked per inserted or changed line). */
export const SALES_ORDER_LINE_SUM_FUNCTION = `create or replace function "sales_order_line_sum_check"() returns trigger as $$ begin
  if (select coalesce(sum("line_total"), 0) from "sales_order_line" where "order_id" = new."order_id")
     <> (select "total_amount" from "sales_order" where "id" = new."order_id") then
    raise exception 'the lines of order % do not add up to its total', new."order_id" using errcode = '23514';
  end if;
  return null; end; $$ language plpgsql;`;
export const SALES_ORDER_LINE_SUM_TRIGGER =
  'create constraint trigger "line_sum" after insert or update on "sales_order_line" deferrable initially deferred for each row execute function "sales_order_line_sum_check"()';

/**
 * One sale of a business, whatever its source: a POS transaction, a storefront order or an order
 * entered by staff (migration 0037). Its status moves only through order-state.ts, one conditional
 * UPDATE per transition. The store, business and transaction are database-only foreign keys; the
 * customer (wallet's BusinessCustomer) has none.
 */
@ObjectType('Order', { description: 'An order of a business: a POS sale, a storefront order or one entered by staff.' })
@Entity({ tableName: 'sales_order' })
@Unique({ properties: ['source', 'sourceReference'] })
@Unique({ properties: ['businessAccountId', 'orderNumber'] })
// Serves the business's list, newest first, and its keyset cursor.
@Index({ properties: ['businessAccountId', 'createdAt', 'id'] })
@Index({ properties: ['storeId', 'createdAt'] })
// Sales reports (migration 0045): a business's or a store's orders by when they were placed.
@Index({ properties: ['businessAccountId', 'placedAt'] })
@Index({ properties: ['storeId', 'placedAt'] })
@Check({
  name: 'sales_order_amounts_check',
  expression: '"subtotal_amount" >= 0 and "tax_amount" >= 0 and "total_amount" = "subtotal_amount" + "tax_amount"',
})
export class SalesOrder extends BaseEntity {
  @Field(() => ID, { description: 'The business account the order belongs to.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  /** The store the sale belongs to (exposed as `store`). */
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => OrderSource, { description: 'pos (a terminal sale), storefront (an online shop) or manual (staff).' })
  @Property({ type: 'string', length: 16 })
  source!: OrderSource;

  @Field(() => String, {
    description:
      'What the order was recorded from: the transaction id (pos), the storefront order id, or its own id (manual).',
  })
  @Property({ type: 'string', length: 64 })
  sourceReference!: string;

  @Field(() => Int, { description: 'The order number shown to people: 1, 2, 3… per business.' })
  @Property({ type: 'integer' })
  orderNumber!: number;

  @Field(() => ID, {
    nullable: true,
    description: 'The transaction (receipt) of a POS or storefront sale; null for manual.',
  })
  @Index()
  @Property({ type: 'uuid', nullable: true })
  transactionId?: string | null;

  /** The business's customer (wallet's BusinessCustomer), exposed as `customer`; no foreign key. */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  customerId?: string | null;

  @Field(() => String, { description: 'ISO 4217 currency code of the amounts.' })
  @Property({ type: 'string', length: 3, columnType: 'char(3)' })
  currency!: string;

  @Field(() => Int, { description: 'Total before tax, in minor units (total minus tax).' })
  @Property({ type: 'integer' })
  subtotalAmount!: number;

  @Field(() => Int, { description: 'Tax included in the total, in minor units.' })
  @Property({ type: 'integer' })
  taxAmount!: number;

  @Field(() => Int, { description: 'Total, tax included, in minor units; the lines add up to it.' })
  @Property({ type: 'integer' })
  totalAmount!: number;

  @Field(() => OrderStatus, { description: 'open, paid, fulfilled, closed or cancelled.' })
  @Property({ type: 'string', length: 16 })
  status!: OrderStatus;

  @Field(() => PaymentStatus, { description: 'pending, paid or refunded (a paid order that was cancelled).' })
  @Property({ type: 'string', length: 16 })
  paymentStatus!: PaymentStatus;

  @Field(() => FulfillmentStatus, { description: 'unfulfilled or fulfilled.' })
  @Property({ type: 'string', length: 16 })
  fulfillmentStatus!: FulfillmentStatus;

  @Field(() => GraphQLDateTimeISO, {
    description: 'When the sale was made (at the till, in the shop, or when entered).',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  placedAt!: Date;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was paid; null until then.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was fulfilled; null until then.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  fulfilledAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was closed; null until then.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  closedAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was cancelled; null unless cancelled.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  cancelledAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'Why it was cancelled (at most 500 characters).' })
  @Property({ type: 'string', length: 500, nullable: true })
  cancelReason?: string | null;
}

/** One line of an order, in its position; amounts in minor units, tax included. */
@ObjectType('OrderLine', { description: 'One line of an order.' })
@Entity({ tableName: 'sales_order_line' })
@Unique({ properties: ['orderId', 'position'] })
@Check({
  name: 'sales_order_line_amounts_check',
  expression:
    '"position" >= 1 and "quantity" >= 1 and "line_total" = "quantity" * "unit_price" and ("tax_rate_basis_points" is null or "tax_rate_basis_points" >= 0 and "tax_rate_basis_points" <= 10000)',
})
@Trigger({
  name: 'line_sum',
  timing: 'after',
  events: ['insert', 'update'],
  forEach: 'row',
  expression: SALES_ORDER_LINE_SUM_TRIGGER,
})
export class SalesOrderLine extends BaseEntity {
  /** The order (a database-only foreign key, deleted with it). */
  @Property({ type: 'uuid' })
  orderId!: string;

  @Field(() => Int, { description: 'Position of the line in the order, from 1.' })
  @Property({ type: 'integer' })
  position!: number;

  @Field(() => String, { description: 'Product name as sold, 1 to 200 characters.' })
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { nullable: true, description: 'The stock keeping unit, if known (at most 64 characters).' })
  @Property({ type: 'string', length: 64, nullable: true })
  sku?: string | null;

  /** The stores subgraph's product, exposed as `product`; no foreign key. */
  @Property({ type: 'uuid', nullable: true })
  productId?: string | null;

  @Field(() => Int, { description: 'Quantity, 1 to 10000.' })
  @Property({ type: 'integer' })
  quantity!: number;

  @Field(() => Int, { description: 'Unit price in minor units, tax included; negative for a discount line.' })
  @Property({ type: 'integer' })
  unitPrice!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Tax rate in basis points (1000 = 10 %, 800 = 8 %); null when the source did not say.',
  })
  @Property({ type: 'integer', nullable: true })
  taxRateBasisPoints?: number | null;

  @Field(() => Int, { description: 'quantity × unitPrice, in minor units.' })
  @Property({ type: 'integer' })
  lineTotal!: number;
}

/** The last order number of each business (migration 0037); drawn by one upsert per order. */
@Entity({ tableName: 'sales_order_counter' })
export class SalesOrderCounter {
  @PrimaryKey({ type: 'uuid' })
  businessAccountId!: string;

  @Property({ type: 'integer' })
  lastNumber!: number;
}
