import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';
import { SalesOrder } from './order.entity.js';

/** A page of orders, newest first. */
export const OrderConnection = connectionType('Order', SalesOrder, 'A page of the business’s orders, newest first.');

/** A reference to the wallet subgraph's BusinessCustomer; the wallet subgraph resolves its fields. */
@ObjectType('BusinessCustomer', { description: 'A customer record of the business (resolved by the wallet subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class BusinessCustomerRef {
  @Field(() => ID, { description: 'UUIDv7 identifier of the customer record.' })
  id!: string;
}

/** A reference to the stores subgraph's Product; the stores subgraph resolves its fields. */
@ObjectType('Product', { description: 'A product of the business (resolved by the stores subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class ProductRef {
  @Field(() => ID, { description: 'UUIDv7 identifier of the product.' })
  id!: string;
}
