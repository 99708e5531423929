import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Principal } from '../../kernel/auth/principal.js';
import type { Connection } from '../../kernel/connection.js';
import type { ReceiptsContext } from '../context.js';
import { StoreRef } from '../store.types.js';
import { SalesOrder, SalesOrderLine } from './order.entity.js';
import { CreateOrderInput, OrdersArgs } from './order.input.js';
import { BusinessCustomerRef, OrderConnection, ProductRef } from './order.types.js';

const WHO_READS = 'A business token with store.orders.read (its own orders only) or the operator.';
const WHO_WRITES = 'A business token with store.orders.write (its own orders only) or the operator.';
const REFUSED =
  'NOT_FOUND order_not_found for another business’s; CONFLICT invalid_transition (naming the status) otherwise.';

@Resolver(() => SalesOrder)
export class OrderResolver {
  @Query(() => OrderConnection, { description: `The business’s orders, newest first, filtered. ${WHO_READS}` })
  orders(@Args(() => OrdersArgs) args: OrdersArgs, @Ctx() ctx: ReceiptsContext): Promise<Connection<SalesOrder>> {
    return ctx.orders.list(args);
  }

  @Query(() => SalesOrder, { description: `One order; NOT_FOUND order_not_found for another business’s. ${WHO_READS}` })
  order(
    @Arg('id', () => ID, { description: 'The order id.' }) id: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<SalesOrder> {
    return ctx.orders.get(id);
  }

  @Mutation(() => SalesOrder, {
    description: `Records an order entered by staff at a store of the business (open, or paid when asked), writing order.created; a store of another business is NOT_FOUND store_not_found. ${WHO_WRITES}`,
  })
  createOrder(
    @Arg('input', () => CreateOrderInput, { description: 'The store, lines and customer.' }) input: CreateOrderInput,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<SalesOrder> {
    return ctx.orders.create(input);
  }

  @Mutation(() => SalesOrder, { description: `open -> paid, writing order.paid. ${REFUSED} ${WHO_WRITES}` })
  markOrderPaid(@Arg('id', () => ID, { description: 'The order id.' }) id: string, @Ctx() ctx: ReceiptsContext) {
    return ctx.orders.transition(id, 'pay');
  }

  @Mutation(() => SalesOrder, { description: `paid -> fulfilled, writing order.shipped. ${REFUSED} ${WHO_WRITES}` })
  fulfillOrder(@Arg('id', () => ID, { description: 'The order id.' }) id: string, @Ctx() ctx: ReceiptsContext) {
    return ctx.orders.transition(id, 'fulfil');
  }

  @Mutation(() => SalesOrder, { description: `fulfilled -> closed, writing order.closed. ${REFUSED} ${WHO_WRITES}` })
  closeOrder(@Arg('id', () => ID, { description: 'The order id.' }) id: string, @Ctx() ctx: ReceiptsContext) {
    return ctx.orders.transition(id, 'close');
  }

  @Mutation(() => SalesOrder, {
    description: `open or paid -> cancelled (a paid one’s payment becomes refunded), writing order.cancelled. ${REFUSED} ${WHO_WRITES}`,
  })
  cancelOrder(
    @Arg('id', () => ID, { description: 'The order id.' }) id: string,
    @Arg('reason', () => String, { description: 'Why, 1 to 500 characters.' }) reason: string,
    @Ctx() ctx: ReceiptsContext,
  ) {
    return ctx.orders.transition(id, 'cancel', reason);
  }

  @FieldResolver(() => [SalesOrderLine], { description: 'The lines in order (one batched query for a whole page).' })
  lines(@Root() order: SalesOrder, @Ctx() ctx: ReceiptsContext): Promise<SalesOrderLine[]> {
    return ctx.loaders.orderLines.load(order.id);
  }

  @FieldResolver(() => StoreRef, { description: 'The store of the sale.' })
  store(@Root() order: SalesOrder): StoreRef {
    return { id: order.storeId };
  }

  @FieldResolver(() => BusinessCustomerRef, {
    nullable: true,
    description:
      'The business’s customer record (the wallet’s BusinessCustomer); null when not known, or when the caller may not read customers (store.customers.read).',
  })
  customer(@Root() order: SalesOrder, @Ctx() ctx: ReceiptsContext): BusinessCustomerRef | null {
    return order.customerId && mayReadCustomers(ctx.principal) ? { id: order.customerId } : null;
  }
}

/** Whether the caller may see whose an order is: the operator, or a business token with store.customers.read. */
function mayReadCustomers(principal: Principal): boolean {
  return (
    principal.kind === 'operator' || (principal.kind === 'business' && principal.scopes.has('store.customers.read'))
  );
}

@Resolver(() => SalesOrderLine)
export class OrderLineResolver {
  @FieldResolver(() => ProductRef, { nullable: true, description: 'The product sold; null when the line names none.' })
  product(@Root() line: SalesOrderLine): ProductRef | null {
    return line.productId ? { id: line.productId } : null;
  }
}
