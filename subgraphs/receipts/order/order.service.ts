import { requireAuthenticated, requireBusinessScope } from '../../kernel/auth/access.js';
import { connectionOf, pageArgs, type Connection } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { storeBusinessAccountId } from '../receipt-events.js';
import { SalesOrder } from './order.entity.js';
import type { CreateOrderInput, OrdersArgs } from './order.input.js';
import { recordOrder, transitionOrder } from './order-recording.js';
import { OrderSource, type OrderAction } from './order-state.js';
import { checkOrderFilters, validateCancelReason, validateOrder } from './order-validation.js';

export const ORDERS_READ_SCOPE = 'store.orders.read';
export const ORDERS_WRITE_SCOPE = 'store.orders.write';
type OrdersScope = typeof ORDERS_READ_SCOPE | typeof ORDERS_WRITE_SCOPE;

const orderNotFound = () => new NotFoundError('No order of this business has this id.', 'order_not_found');
const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
const customerNotFound = () =>
  new NotFoundError('No customer record of this business has this id.', 'business_customer_not_found');
const productNotFound = () => new NotFoundError('No product of this business has this id.', 'product_not_found');

/**
 * Refuses a customer record or a product of another business (or none): an order names only its own
 * business's (the wallet's `business_customer` and the stores' `product`, read by SQL: the subgraphs
 * share the database, never code). Not a foreign key: the records live in other subgraphs' tables.
 */
async function checkReferences(
  em: BaseContext['em'],
  businessAccountId: string,
  customerId: string | null | undefined,
  productIds: readonly string[],
): Promise<void> {
  if (customerId) {
    const found = isUuid(customerId)
      ? await em.execute<{ id: string }[]>(
          'select "id" from "business_customer" where "id" = ? and "business_account_id" = ?',
          [customerId, businessAccountId],
        )
      : [];
    if (found.length === 0) throw customerNotFound();
  }
  const wanted = [...new Set(productIds)];
  if (wanted.length === 0) return;
  const products = await em.execute<{ id: string }[]>(
    `select "id" from "product" where "business_account_id" = ? and "id" in (${wanted.map(() => '?').join(', ')})`,
    [businessAccountId, ...wanted],
  );
  if (products.length !== wanted.length) throw productNotFound();
}

/** The list's sort key: newest first, the id breaking ties. */
const CURSOR_SHAPE = ['date', 'string'] as const;
const keyOf = (order: SalesOrder) => [order.createdAt, order.id];

/** The `where` of a list page, with its parameters in order. */
function listConditions(
  businessAccountId: string | null,
  args: OrdersArgs,
  after: unknown[] | null,
): [string, unknown[]] {
  const conditions: [string, unknown][] = [];
  if (businessAccountId) conditions.push(['"business_account_id" = ?', businessAccountId]);
  if (args.storeId) conditions.push(['"store_id" = ?', args.storeId]);
  if (args.status) conditions.push(['"status" = ?', args.status]);
  if (args.source) conditions.push(['"source" = ?', args.source]);
  if (args.customerId) conditions.push(['"customer_id" = ?', args.customerId]);
  if (args.createdFrom) conditions.push(['"created_at" >= ?', args.createdFrom]);
  if (args.createdTo) conditions.push(['"created_at" < ?', args.createdTo]);
  const params = conditions.map(([, param]) => param);
  const where = conditions.map(([sql]) => sql);
  if (after) where.push('("created_at", "id") < (?, ?)');
  return [where.length > 0 ? where.join(' and ') : 'true', after ? [...params, ...after] : params];
}

/**
 * Orders of a business (store.orders.read / .write) and of the operator. A business token sees and
 * changes only its own business's orders: another business's order is NOT_FOUND, never revealed.
 * Status changes go through order-recording.ts (one conditional UPDATE each, with its event).
 */
export class OrderService {
  constructor(private readonly ctx: BaseContext) {}

  /** The business whose orders the caller acts on; null for the operator (any). */
  private manager(scope: OrdersScope): string | null {
    if (this.ctx.principal.kind === 'operator') return null;
    return requireBusinessScope(this.ctx.principal, scope).businessAccountId;
  }

  /** A page of orders, newest first, filtered. */
  async list(args: OrdersArgs): Promise<Connection<SalesOrder>> {
    const businessAccountId = this.manager(ORDERS_READ_SCOPE);
    const v = new Validation();
    const { first, after } = pageArgs(args, CURSOR_SHAPE, v);
    checkOrderFilters(args, v);
    v.throwIfInvalid();
    const [where, params] = listConditions(businessAccountId, args, after);
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select * from "sales_order" where ${where} order by "created_at" desc, "id" desc limit ?`,
      [...params, first + 1],
    );
    const orders = rows.map((row) => this.ctx.em.map(SalesOrder, row));
    return connectionOf(orders, first, keyOf, after !== null);
  }

  /** One order of the caller's business; NOT_FOUND order_not_found otherwise. */
  async get(id: string): Promise<SalesOrder> {
    const businessAccountId = this.manager(ORDERS_READ_SCOPE);
    const order = isUuid(id)
      ? await this.ctx.em.findOne(SalesOrder, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!order) throw orderNotFound();
    return order;
  }

  /** Records an order entered by staff at a store of the business, with order.created. */
  async create(input: CreateOrderInput): Promise<SalesOrder> {
    this.manager(ORDERS_WRITE_SCOPE);
    const businessAccountId = this.ownBusiness(input.businessAccountId);
    const valid = validateOrder(input);
    const owner = isUuid(input.storeId) ? await storeBusinessAccountId(this.ctx.em, input.storeId) : null;
    if (owner !== businessAccountId) throw storeNotFound();
    const productIds = valid.lines.flatMap((line) => (line.productId ? [line.productId] : []));
    await checkReferences(this.ctx.em, businessAccountId, input.customerId, productIds);
    const now = new Date();
    const order = await this.ctx.em.transactional((tx) =>
      recordOrder(
        tx,
        {
          businessAccountId,
          storeId: input.storeId,
          source: OrderSource.manual,
          customerId: input.customerId ?? null,
          currency: valid.currency,
          totalAmount: valid.totalAmount,
          taxAmount: valid.taxAmount,
          paid: input.paid ?? false,
          placedAt: now,
          lines: valid.lines,
        },
        now,
      ),
    );
    return order!;
  }

  /** Applies a transition of the state machine (order-state.ts); CONFLICT invalid_transition when not allowed. */
  async transition(id: string, action: OrderAction, reason?: string): Promise<SalesOrder> {
    const businessAccountId = this.manager(ORDERS_WRITE_SCOPE);
    const cancelReason = action === 'cancel' ? validateCancelReason(reason ?? '') : null;
    if (!isUuid(id)) throw orderNotFound();
    const now = new Date();
    return this.ctx.em.transactional((tx) =>
      transitionOrder(tx, { orderId: id, businessAccountId }, action, now, { reason: cancelReason }),
    );
  }

  /**
   * The business a new order belongs to: a business token's own (naming another is FORBIDDEN
   * other_business), or the one the operator names (required).
   */
  private ownBusiness(named: string | null | undefined): string {
    const caller = requireAuthenticated(this.ctx.principal);
    if (caller.kind === 'business') {
      if (named && named !== caller.businessAccountId)
        throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
      return caller.businessAccountId;
    }
    if (!named || !isUuid(named))
      throw new BadUserInputError(
        'The operator must name the business account.',
        [{ path: 'businessAccountId', message: 'required, a UUID' }],
        'validation_failed',
      );
    return named;
  }
}
