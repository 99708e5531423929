/**
 * Orders through GraphQL with real business tokens: createOrder (amounts, tax per rate, validation),
 * the list (filters, cursors) and each operation's access: another business's order or store is
 * NOT_FOUND and unchanged, a token without the scope is FORBIDDEN, a read token on a write FORBIDDEN.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  customerRecordOf,
  LINES,
  ORDER_FIELDS,
  orderBusiness,
  orderEventTypes,
  ordersApp,
  productOf,
  type OrderBusiness,
  type OrderView,
} from '../../../test/fixtures/orders.fixtures.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { failure, sql, type GraphQLResult } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let mine: OrderBusiness;
let theirs: OrderBusiness;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await ordersApp(service);
  [mine, theirs] = [await orderBusiness(service, app), await orderBusiness(service, app)];
});

const gql = (query: string, variables: Record<string, unknown>, token: string): Promise<GraphQLResult> =>
  service.graphql(query, variables, token);
const create = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: CreateOrderInput!) { createOrder(input: $input) { ${ORDER_FIELDS} } }`, { input }, token);
const get = (id: string, token: string) => gql(`query($id: ID!) { order(id: $id) { id status } }`, { id }, token);
const list = (args: Record<string, unknown>, token: string) =>
  gql(
    `query($first: Int, $after: String, $storeId: ID, $status: OrderStatus, $source: OrderSource,
       $createdFrom: DateTimeISO, $createdTo: DateTimeISO, $customerId: ID) {
       orders(first: $first, after: $after, storeId: $storeId, status: $status, source: $source,
         createdFrom: $createdFrom, createdTo: $createdTo, customerId: $customerId) {
         edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage endCursor } } }`,
    args,
    token,
  );
const ids = (result: GraphQLResult) =>
  (result.data!.orders as { edges: { node: { id: string } }[] }).edges.map((e) => e.node.id);
const WRITES: [string, (id: string, token: string) => Promise<GraphQLResult>][] = [
  ['markOrderPaid', (id, t) => gql('mutation($id: ID!) { markOrderPaid(id: $id) { id } }', { id }, t)],
  ['fulfillOrder', (id, t) => gql('mutation($id: ID!) { fulfillOrder(id: $id) { id } }', { id }, t)],
  ['closeOrder', (id, t) => gql('mutation($id: ID!) { closeOrder(id: $id) { id } }', { id }, t)],
  ['cancelOrder', (id, t) => gql('mutation($id: ID!) { cancelOrder(id: $id, reason: "x") { id } }', { id }, t)],
];

describe('createOrder', () => {
  it('records an open manual order with its lines, tax per rate and order.created', async () => {
    const customerId = await customerRecordOf(service, mine.businessAccountId);
    const productId = await productOf(service, mine.businessAccountId);
    const order = await createOrder(service, mine, {
      customerId,
      lines: [{ ...LINES[0], productId, name: '  弁当  ' }, LINES[1]],
    });
    expect(order).toMatchObject({
      businessAccountId: mine.businessAccountId,
      source: 'manual',
      sourceReference: order.id,
      transactionId: null,
      currency: 'JPY',
      totalAmount: 2180,
      taxAmount: 180, // 1080 × 8/108 = 80, 1100 × 10/110 = 100
      subtotalAmount: 2000,
      status: 'open',
      paymentStatus: 'pending',
      fulfillmentStatus: 'unfulfilled',
      paidAt: null,
      store: { id: mine.storeId },
      customer: { id: customerId },
      lines: [
        {
          position: 1,
          name: '弁当',
          sku: 'BENTO-1',
          quantity: 2,
          unitPrice: 540,
          taxRateBasisPoints: 800,
          lineTotal: 1080,
          product: { id: productId },
        },
        {
          position: 2,
          name: 'タオル',
          sku: null,
          quantity: 1,
          unitPrice: 1100,
          taxRateBasisPoints: 1000,
          lineTotal: 1100,
          product: null,
        },
      ],
    });
    expect(order.orderNumber).toBeGreaterThanOrEqual(1);
    expect(await orderEventTypes(service, order.id)).toEqual(['order.created']);
    const [event] = await sql<{ business_account_id: string; payload: Record<string, unknown> }>(
      service,
      `select "business_account_id", "payload" from "outbox_event" where "payload"->>'orderId' = ?`,
      [order.id],
    );
    expect(event).toMatchObject({
      business_account_id: mine.businessAccountId,
      payload: { source: 'manual', storeId: mine.storeId, customerId, totalAmount: 2180, itemCount: 2, status: 'open' },
    });
  });

  it('records it paid when asked, and numbers orders per business', async () => {
    const first = await createOrder(service, mine, { paid: true });
    const second = await createOrder(service, mine);
    expect(first).toMatchObject({ status: 'paid', paymentStatus: 'paid', paidAt: expect.stringMatching(/Z$/) });
    expect(second.orderNumber).toBe((first.orderNumber as number) + 1);
  });

  it('names every invalid field and writes nothing', async () => {
    const [before] = await sql<{ n: number }>(service, 'select count(*)::int as n from "sales_order"');
    const result = await create(
      {
        storeId: mine.storeId,
        currency: 'yen',
        customerId: 'nope',
        lines: [
          { name: ' ', quantity: 0, unitPrice: -1, taxRateBasisPoints: 10001, sku: 'has space', productId: 'x' },
          { name: 'x'.repeat(201), quantity: 10000, unitPrice: 1_000_000, taxRateBasisPoints: 1000 },
        ],
      },
      mine.writer,
    );
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect((failure(result)!.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(
      [
        'currency',
        'customerId',
        'lines.0.name',
        'lines.0.quantity',
        'lines.0.unitPrice',
        'lines.0.taxRateBasisPoints',
        'lines.0.sku',
        'lines.0.productId',
        'lines.1.name',
        'lines.1',
        'lines',
      ].sort(),
    );
    expect(failure(await create({ storeId: mine.storeId, lines: [] }, mine.writer))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    const [after] = await sql<{ n: number }>(service, 'select count(*)::int as n from "sales_order"');
    expect(after!.n).toBe(before!.n);
  });

  it('refuses another business’s store (NOT_FOUND), naming another business (FORBIDDEN), and lets the operator name one', async () => {
    expect(failure(await create({ storeId: theirs.storeId, lines: LINES }, mine.writer))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'store_not_found',
    });
    const named = { storeId: mine.storeId, lines: LINES, businessAccountId: theirs.businessAccountId };
    expect(failure(await create(named, mine.writer))).toMatchObject({ code: 'FORBIDDEN', reason: 'other_business' });
    expect(failure(await create({ storeId: mine.storeId, lines: LINES }, TEST_OPERATOR_TOKEN))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    const byOperator = await create({ ...named, businessAccountId: mine.businessAccountId }, TEST_OPERATOR_TOKEN);
    expect(byOperator.errors).toBeUndefined();
    expect(failure(await create(named, TEST_OPERATOR_TOKEN))).toMatchObject({ reason: 'store_not_found' });
  });
});

describe('access to orders', () => {
  it('answers another business’s order as NOT_FOUND on every operation and leaves it unchanged', async () => {
    const theirOrder = await createOrder(service, theirs);
    expect(failure(await get(theirOrder.id, mine.reader))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'order_not_found',
    });
    expect(failure(await get('not-a-uuid', mine.reader))).toMatchObject({ code: 'NOT_FOUND' });
    for (const [name, write] of WRITES)
      expect(failure(await write(theirOrder.id, mine.writer)), name).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'order_not_found',
      });
    expect(ids(await list({ first: 100 }, mine.reader))).not.toContain(theirOrder.id);
    expect(ids(await list({ first: 100, storeId: theirs.storeId }, mine.reader))).toEqual([]);
    expect(await orderEventTypes(service, theirOrder.id)).toEqual(['order.created']);
    expect((await get(theirOrder.id, theirs.reader)).data!.order).toEqual({ id: theirOrder.id, status: 'open' });
  });

  it('refuses a token without the orders scopes, and a read token on every write, with FORBIDDEN', async () => {
    const order = await createOrder(service, mine);
    const forbidden = { code: 'FORBIDDEN' };
    expect(failure(await get(order.id, mine.unscoped))).toMatchObject({ ...forbidden, scope: 'store.orders.read' });
    expect(failure(await list({}, mine.unscoped))).toMatchObject(forbidden);
    expect(failure(await create({ storeId: mine.storeId, lines: LINES }, mine.reader))).toMatchObject({
      ...forbidden,
      scope: 'store.orders.write',
    });
    for (const [name, write] of WRITES) {
      expect(failure(await write(order.id, mine.reader)), name).toMatchObject({
        ...forbidden,
        scope: 'store.orders.write',
      });
      expect(failure(await write(order.id, mine.unscoped)), name).toMatchObject(forbidden);
    }
    expect(await orderEventTypes(service, order.id)).toEqual(['order.created']);
  });

  it('refuses a blank cancel reason with BAD_USER_INPUT', async () => {
    const order = await createOrder(service, mine);
    const result = await gql(
      'mutation($id: ID!) { cancelOrder(id: $id, reason: "  ") { id } }',
      { id: order.id },
      mine.writer,
    );
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('the orders list', () => {
  it('pages newest first with stable cursors and filters by status, source, store, customer and period', async () => {
    const fresh = await orderBusiness(service, await ordersApp(service));
    const customerId = await customerRecordOf(service, fresh.businessAccountId);
    const made: OrderView[] = [];
    for (let i = 0; i < 5; i += 1)
      made.push(await createOrder(service, fresh, i === 2 ? { customerId, paid: true } : {}));
    const newestFirst = made.map((o) => o.id).reverse();
    const page1 = await list({ first: 2 }, fresh.reader);
    expect(ids(page1)).toEqual(newestFirst.slice(0, 2));
    const info1 = (page1.data!.orders as { pageInfo: Record<string, unknown> }).pageInfo;
    expect(info1).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const page2 = await list({ first: 10, after: info1.endCursor }, fresh.reader);
    expect(ids(page2)).toEqual(newestFirst.slice(2));
    expect((page2.data!.orders as { pageInfo: Record<string, unknown> }).pageInfo).toMatchObject({
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect(ids(await list({ status: 'paid' }, fresh.reader))).toEqual([made[2]!.id]);
    expect(ids(await list({ customerId }, fresh.reader))).toEqual([made[2]!.id]);
    expect(ids(await list({ source: 'pos' }, fresh.reader))).toEqual([]);
    expect(ids(await list({ storeId: fresh.storeId, source: 'manual' }, fresh.reader))).toHaveLength(5);
    const from = made[3]!.createdAt as string;
    expect(ids(await list({ createdFrom: from }, fresh.reader))).toEqual(newestFirst.slice(0, 2));
    expect(ids(await list({ createdTo: from }, fresh.reader))).toEqual(newestFirst.slice(2));
  });

  it('refuses a foreign cursor, a reversed period and a malformed id with BAD_USER_INPUT', async () => {
    for (const args of [
      { after: 'bm90LWEtY3Vyc29y' },
      { createdFrom: '2026-02-01T00:00:00Z', createdTo: '2026-01-01T00:00:00Z' },
      { storeId: 'x' },
      { first: 0 },
    ])
      expect(failure(await list(args, mine.reader)), JSON.stringify(args)).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
