/**
 * Sales test data: a business with stores and terminals and its owner's tokens, sales recorded at a
 * terminal at a given instant (a till sale: a transaction and its paid order), and the raw sales of
 * a business read back from the tables with the counting rule applied in JavaScript, to reconcile
 * reports with.
 */
import { expect } from 'vitest';
import { registerApp, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore, createTerminal, recordSale } from '../../../test/fixtures/receipts.fixtures.js';
import { businessOwner, sql } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';

export const SALES_SCOPES = ['sales.read', 'store.orders.read', 'store.orders.write', 'store.info.read'];

/** A business with two stores (a terminal each) and tokens of its owner. */
export interface SalesBusiness {
  readonly businessAccountId: string;
  readonly stores: readonly [string, string];
  readonly terminals: readonly [string, string];
  /** sales.read only. */
  readonly reader: string;
  /** store.orders.read/write, no sales.read. */
  readonly orders: string;
}

export const salesApp = (service: TestService): Promise<App> => registerApp(service, SALES_SCOPES);

export async function salesBusiness(service: TestService, app: App): Promise<SalesBusiness> {
  const owner = await businessOwner(service, app);
  const stores = [
    await createStore(service, owner.businessAccountId, false),
    await createStore(service, owner.businessAccountId, false),
  ] as const;
  return {
    businessAccountId: owner.businessAccountId,
    stores,
    terminals: [await createTerminal(service, stores[0]), await createTerminal(service, stores[1])],
    reader: await owner.token(['sales.read']),
    orders: await owner.token(['store.orders.read', 'store.orders.write']),
  };
}

/** A till sale at `at` (1100 yen, 3 units unless `items` and `totalAmount` say otherwise); its transaction id. */
export async function tillSale(
  service: TestService,
  terminal: string,
  at: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  return (await recordSale(service, terminal, { occurredAt: at, ...overrides })).transactionId;
}

/** The order of a till sale. */
export async function orderOf(service: TestService, transactionId: string): Promise<string> {
  const [row] = await sql<{ id: string }>(service, 'select "id" from "sales_order" where "transaction_id" = ?', [
    transactionId,
  ]);
  expect(row).toBeDefined();
  return row!.id;
}

/** One sale as the raw tables say, the rule applied here: its store, instant, amount and units. */
export interface RawSale {
  readonly storeId: string;
  readonly at: Date;
  readonly amount: number;
  readonly units: number;
}

/**
 * Every sale of the business in JPY, read row by row: orders paid, fulfilled or closed (units from
 * their lines), and transactions without an order (units from their items); discount lines no unit.
 */
export async function rawSales(service: TestService, businessAccountId: string): Promise<RawSale[]> {
  const orders = await sql<{ id: string; store_id: string; placed_at: string; total_amount: number; status: string }>(
    service,
    `select "id", "store_id", "placed_at", "total_amount", "status" from "sales_order" where "business_account_id" = ? and "currency" = 'JPY'`,
    [businessAccountId],
  );
  const lines = await sql<{ order_id: string; quantity: number; unit_price: number }>(
    service,
    'select "order_id", "quantity", "unit_price" from "sales_order_line"',
  );
  const transactions = await sql<{
    id: string;
    store_id: string;
    occurred_at: string;
    total_amount: number;
    items: unknown;
  }>(
    service,
    `select t."id", t."store_id", t."occurred_at", t."total_amount", t."items" from "transaction" t
     join "store" s on s."id" = t."store_id" where s."business_account_id" = ? and t."currency" = 'JPY'`,
    [businessAccountId],
  );
  const described = new Set(
    (
      await sql<{ transaction_id: string }>(
        service,
        'select "transaction_id" from "sales_order" where "transaction_id" is not null',
      )
    ).map((r) => r.transaction_id),
  );
  const counted = orders.filter((o) => ['paid', 'fulfilled', 'closed'].includes(o.status));
  return [
    ...counted.map((o) => ({
      storeId: o.store_id,
      at: new Date(o.placed_at),
      amount: Number(o.total_amount),
      units: lines.filter((l) => l.order_id === o.id && l.unit_price >= 0).reduce((s, l) => s + l.quantity, 0),
    })),
    ...transactions
      .filter((t) => !described.has(t.id))
      .map((t) => {
        const items = (typeof t.items === 'string' ? JSON.parse(t.items) : t.items) as {
          quantity: number;
          unitPrice: number;
        }[];
        return {
          storeId: t.store_id,
          at: new Date(t.occurred_at),
          amount: Number(t.total_amount),
          units: items.filter((i) => i.unitPrice >= 0).reduce((s, i) => s + i.quantity, 0),
        };
      }),
  ];
}

/** The Tokyo date of an instant, by the offset (a second implementation, not the module's). */
export const tokyoDate = (at: Date): string => new Date(at.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * One transaction a day at the store's terminal (at 12:00 JST) for the `revenues.length` days ending
 * `lastDay`, of those revenues (a day of 0: no sale), inserted by SQL in one statement.
 */
export async function dailySales(
  service: TestService,
  storeId: string,
  lastDay: string,
  revenues: readonly number[],
): Promise<void> {
  await sql(
    service,
    `insert into "transaction" ("id", "created_at", "updated_at", "terminal_id", "store_id", "total_amount", "items", "occurred_at")
     select gen_random_uuid(), now(), now(), t."id", ?, r.amount::int,
       jsonb_build_array(jsonb_build_object('name', '日替わり', 'unitPrice', r.amount::int, 'quantity', 1)),
       ((?::date - (?::int - r.n::int)) + time '03:00') at time zone 'UTC'
     from jsonb_array_elements_text(?::jsonb) with ordinality as r(amount, n)
       cross join (select "id" from "terminal" where "store_id" = ? limit 1) t
     where r.amount::int > 0`,
    [storeId, lastDay, revenues.length, JSON.stringify(revenues), storeId],
  );
}
