/**
 * The order state machine through GraphQL on a real database: from every status, every transition
 * either moves the order and writes its event exactly once (checked in outbox_event), or is refused
 * with CONFLICT invalid_transition naming the status and changes nothing. Concurrent transitions of
 * one order: one wins. A page of orders with their lines costs the same queries for 2 orders or 20.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  ORDER_FIELDS,
  orderBusiness,
  orderEventTypes,
  ordersApp,
  type OrderBusiness,
  type OrderView,
} from '../../../test/fixtures/orders.fixtures.js';
import { releasedTogether, valuesOf } from '../../../test/race.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { countQueries, failure, sql, type GraphQLResult } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { hasPostgres } from '../../../test/requirements.js';

/** Races hold a lock from a second connection: PostgreSQL only (the embedded database runs one statement at a time). */
const racesRun = hasPostgres('order races');

let service: TestService;
let app: App;
let mine: OrderBusiness;

beforeAll(async () => {
  service = await startOAuthService();
  app = await ordersApp(service);
  mine = await orderBusiness(service, app);
});

type Action = 'markOrderPaid' | 'fulfillOrder' | 'closeOrder' | 'cancelOrder';
const ACTIONS: Action[] = ['markOrderPaid', 'fulfillOrder', 'closeOrder', 'cancelOrder'];

function act(action: Action, id: string, token = mine.writer): Promise<GraphQLResult> {
  const reason = action === 'cancelOrder' ? ', reason: "お客様都合"' : '';
  return service.graphql(`mutation($id: ID!) { ${action}(id: $id${reason}) { ${ORDER_FIELDS} } }`, { id }, token);
}

/** The path from open to each status. */
const PATHS: Record<string, Action[]> = {
  open: [],
  paid: ['markOrderPaid'],
  fulfilled: ['markOrderPaid', 'fulfillOrder'],
  closed: ['markOrderPaid', 'fulfillOrder', 'closeOrder'],
  cancelled: ['cancelOrder'],
};

/** Allowed moves: status after, event written. */
const ALLOWED: Record<string, [string, string]> = {
  'open markOrderPaid': ['paid', 'order.paid'],
  'open cancelOrder': ['cancelled', 'order.cancelled'],
  'paid fulfillOrder': ['fulfilled', 'order.shipped'],
  'paid cancelOrder': ['cancelled', 'order.cancelled'],
  'fulfilled closeOrder': ['closed', 'order.closed'],
};

async function orderIn(status: string): Promise<OrderView> {
  const order = await createOrder(service, mine);
  for (const step of PATHS[status]!) expect((await act(step, order.id)).errors).toBeUndefined();
  return order;
}

describe('the order state machine', () => {
  it('from every status, applies each allowed transition with its event once and refuses every other', async () => {
    for (const status of Object.keys(PATHS))
      for (const action of ACTIONS) {
        const label = `${status} ${action}`;
        const order = await orderIn(status);
        const before = await orderEventTypes(service, order.id);
        const result = await act(action, order.id);
        const allowed = ALLOWED[label];
        if (allowed) {
          expect(result.errors, label).toBeUndefined();
          expect((result.data![action] as OrderView).status, label).toBe(allowed[0]);
          expect(await orderEventTypes(service, order.id), label).toEqual([...before, allowed[1]]);
        } else {
          expect(failure(result), label).toMatchObject({ code: 'CONFLICT', reason: 'invalid_transition' });
          expect(result.errors![0]!.message, label).toContain(`The order is ${status}`);
          expect(await orderEventTypes(service, order.id), label).toEqual(before);
          const [row] = await sql<{ status: string }>(service, 'select "status" from "sales_order" where "id" = ?', [
            order.id,
          ]);
          expect(row!.status, label).toBe(status);
        }
      }
  });

  it('stamps each transition, refunds a cancelled paid order, and keeps the cancel reason', async () => {
    const order = await orderIn('paid');
    expect(order.paymentStatus).toBe('pending');
    const cancelled = (await act('cancelOrder', order.id)).data!.cancelOrder as OrderView;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      fulfillmentStatus: 'unfulfilled',
      cancelReason: 'お客様都合',
      paidAt: expect.stringMatching(/Z$/),
      cancelledAt: expect.stringMatching(/Z$/),
      fulfilledAt: null,
    });
    const done = await orderIn('closed');
    const [row] = await sql<Record<string, unknown>>(
      service,
      'select "payment_status", "fulfillment_status", "paid_at", "fulfilled_at", "closed_at" from "sales_order" where "id" = ?',
      [done.id],
    );
    expect(row).toMatchObject({ payment_status: 'paid', fulfillment_status: 'fulfilled' });
    expect([row!.paid_at, row!.fulfilled_at, row!.closed_at].every((at) => at !== null)).toBe(true);
  });

  it.skipIf(!racesRun)(
    'lets one of two concurrent transitions of one order win (one conditional UPDATE each)',
    async () => {
      // Pairs that exclude each other in either order (pay then cancel would both be allowed in turn).
      for (const [status, first, second] of [
        ['paid', 'fulfillOrder', 'cancelOrder'],
        ['open', 'markOrderPaid', 'markOrderPaid'],
      ] as const) {
        const order = await orderIn(status);
        const released = await releasedTogether(service.env.databaseUrl!, 'sales_order', [
          () => act(first, order.id),
          () => act(second, order.id),
        ]);
        expect(released.waiting).toBe(2);
        const results = valuesOf(released);
        expect(results.filter((r) => r.errors === undefined)).toHaveLength(1);
        expect(results.map((r) => failure(r)?.reason ?? 'ok').sort()).toEqual(['invalid_transition', 'ok']);
        const events = await orderEventTypes(service, order.id);
        expect(events).toHaveLength(PATHS[status]!.length + 2);
        expect(events[0]).toBe('order.created');
      }
    },
  );

  it.skipIf(!racesRun)('numbers concurrent orders of a business apart, 1, 2, 3… per business', async () => {
    const fresh = await orderBusiness(service, app);
    const released = await releasedTogether(
      service.env.databaseUrl!,
      'sales_order_counter',
      Array.from({ length: 4 }, () => () => createOrder(service, fresh)),
      { waiters: 3 },
    );
    const numbers = valuesOf(released).map((order) => order.orderNumber);
    expect([...numbers].sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('a page of orders with their lines', () => {
  it('costs the same number of queries for 2 orders as for 20 (lines through one DataLoader)', async () => {
    const fresh = await orderBusiness(service, app);
    for (let i = 0; i < 20; i += 1) await createOrder(service, fresh);
    const page = (first: number) => async () => {
      const result = await service.graphql<{ orders: { nodes: { lines: { name: string }[] }[] } }>(
        'query($first: Int) { orders(first: $first) { nodes { orderNumber lines { name } } } }',
        { first },
        fresh.reader,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.orders.nodes).toHaveLength(first);
      expect(result.data!.orders.nodes.every((o) => o.lines.length === 2)).toBe(true);
    };
    await page(1)(); // warm: token verification caches
    const small = await countQueries(service, page(2));
    const large = await countQueries(service, page(20));
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(4);
  });
});

describe('the database', () => {
  const refused = async (statement: string, params: unknown[], why = /violates check constraint/) => {
    const em = rootEntityManager(service.orm).fork();
    await expect(em.transactional((tx) => tx.execute(statement, params))).rejects.toThrow(why);
  };

  it('refuses lines that do not add up to the total, negative amounts and a wrong line total', async () => {
    const order = await createOrder(service, mine);
    const line = `insert into "sales_order_line" ("id", "created_at", "updated_at", "order_id", "position", "name",
      "quantity", "unit_price", "line_total") values (?, now(), now(), ?, ?, 'x', 1, ?, ?)`;
    await refused(line, [uuidv7(), order.id, 3, 10, 10], /do not add up to its total/);
    await refused(line, [uuidv7(), order.id, 3, 10, 20]);
    await refused(
      'update "sales_order" set "tax_amount" = -1, "subtotal_amount" = "subtotal_amount" + 1 where "id" = ?',
      [order.id],
    );
    await refused('update "sales_order" set "total_amount" = "total_amount" + 1 where "id" = ?', [order.id]);
    expect(await orderEventTypes(service, order.id)).toEqual(['order.created']);
  });
});
