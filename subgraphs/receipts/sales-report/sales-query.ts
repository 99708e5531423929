/**
 * The SQL of sales reports: which rows are sales, each sale counted once (docs/decisions/0018).
 *
 * A sale is either
 * - an order (`sales_order`, any source: a till sale, a storefront order, one entered by staff) whose
 *   status is paid, fulfilled or closed: money came in and was not given back (open orders are not
 *   paid yet, cancelled ones were refunded or never paid); at `placed_at`; or
 * - a till transaction that no order describes (recorded before orders existed, migration 0037):
 *   `not exists` an order with its `transaction_id`; at `occurred_at`.
 * A till sale or storefront order has both a transaction and an order (`transaction_id`, the same
 * instant): it is counted through its order only, so a cancelled one drops out and none counts twice.
 * Units are the quantities of lines with a price of zero or more (a discount line is no item).
 */
import { SALES_TIME_ZONE, type SalesGranularity } from './sales-calendar.js';

/** Order statuses that count as a sale. */
export const COUNTED_ORDER_STATUSES = ['paid', 'fulfilled', 'closed'] as const;

/** Which sales a report reads: one business, optionally one store, one currency, [start, end). */
export interface SalesFilter {
  readonly businessAccountId: string;
  readonly storeId: string | null;
  readonly currency: string;
  readonly start: Date;
  readonly end: Date;
}

/** A statement in em.execute's `?` form. */
export interface Statement {
  readonly sql: string;
  readonly params: unknown[];
}

const STATUSES = COUNTED_ORDER_STATUSES.map((s) => `'${s}'`).join(', ');

/** The orders part's conditions on `o`, and its parameters. */
function orderWhere(f: SalesFilter): Statement {
  return {
    sql: `o."business_account_id" = ? and o."status" in (${STATUSES}) and o."currency" = ?
      and o."placed_at" >= ? and o."placed_at" < ?${f.storeId ? ' and o."store_id" = ?' : ''}`,
    params: [f.businessAccountId, f.currency, f.start, f.end, ...(f.storeId ? [f.storeId] : [])],
  };
}

/** The transactions part's conditions on `t` (no order describes it), and its parameters. */
function transactionWhere(f: SalesFilter): Statement {
  const store = f.storeId
    ? `t."store_id" = ? and exists (select 1 from "store" s where s."id" = t."store_id" and s."business_account_id" = ?)`
    : `t."store_id" in (select s."id" from "store" s where s."business_account_id" = ?)`;
  return {
    sql: `${store} and t."currency" = ? and t."occurred_at" >= ? and t."occurred_at" < ?
      and not exists (select 1 from "sales_order" x where x."transaction_id" = t."id")`,
    params: [...(f.storeId ? [f.storeId] : []), f.businessAccountId, f.currency, f.start, f.end],
  };
}

/** `at` as a Tokyo date of the period of `granularity`, as YYYY-MM-DD text. */
const periodOf = (granularity: SalesGranularity, at: string) =>
  `to_char(date_trunc('${granularity}', ${at} at time zone '${SALES_TIME_ZONE}'), 'YYYY-MM-DD')`;

/** One row of {@link salesByPeriod}. */
export interface SalesRow {
  readonly period: string;
  readonly store_id: string | null;
  readonly transactions: string | number;
  readonly revenue: string | number;
  readonly units: string | number;
}

/** Sales per period (and per store when `byStore`): count, revenue and units, in period order. */
export function salesByPeriod(f: SalesFilter, granularity: SalesGranularity, byStore: boolean): Statement {
  const orders = orderWhere(f);
  const transactions = transactionWhere(f);
  const store = byStore ? '"store_id"' : 'null::uuid';
  return {
    sql: `with "sale" as (
      select o."store_id", o."placed_at" as "at", o."total_amount" as "amount",
        (select coalesce(sum(l."quantity"), 0) from "sales_order_line" l
          where l."order_id" = o."id" and l."unit_price" >= 0) as "units"
      from "sales_order" o where ${orders.sql}
      union all
      select t."store_id", t."occurred_at", t."total_amount",
        (select coalesce(sum((i->>'quantity')::int), 0) from jsonb_array_elements(t."items") i
          where (i->>'unitPrice')::int >= 0)
      from "transaction" t where ${transactions.sql})
    select ${periodOf(granularity, '"at"')} as "period", ${store} as "store_id",
      count(*) as "transactions", coalesce(sum("amount"), 0) as "revenue", coalesce(sum("units"), 0) as "units"
    from "sale" group by 1, 2 order by 1, 2`,
    params: [...orders.params, ...transactions.params],
  };
}

/** One row of {@link topProducts}. */
export interface ProductRow {
  readonly period: string;
  readonly rank: string | number;
  readonly product_key: string;
  readonly sku: string | null;
  readonly name: string;
  readonly units: string | number;
  readonly revenue: string | number;
}

/**
 * The `top` products of each period by units sold (then revenue, then key): a product is its SKU,
 * else its name as sold; revenue is the sum of its lines (tax included, before discount lines).
 */
export function topProducts(f: SalesFilter, granularity: SalesGranularity, top: number): Statement {
  const orders = orderWhere(f);
  const transactions = transactionWhere(f);
  return {
    sql: `with "line" as (
      select o."placed_at" as "at", l."sku", l."name", l."quantity" as "units", l."line_total" as "revenue"
      from "sales_order" o join "sales_order_line" l on l."order_id" = o."id"
      where ${orders.sql} and l."unit_price" >= 0
      union all
      select t."occurred_at", i->>'sku', i->>'name', (i->>'quantity')::int, (i->>'quantity')::int * (i->>'unitPrice')::int
      from "transaction" t cross join lateral jsonb_array_elements(t."items") i
      where ${transactions.sql} and (i->>'unitPrice')::int >= 0),
    "product" as (
      select ${periodOf(granularity, '"at"')} as "period", coalesce("sku", "name") as "product_key",
        max("sku") as "sku", max("name") as "name", sum("units") as "units", sum("revenue") as "revenue"
      from "line" group by 1, 2),
    "ranked" as (
      select *, row_number() over (partition by "period" order by "units" desc, "revenue" desc, "product_key") as "rank"
      from "product")
    select * from "ranked" where "rank" <= ? order by "period", "rank"`,
    params: [...orders.params, ...transactions.params, top],
  };
}
