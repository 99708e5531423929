/**
 * Demo sales history of さくらマート (issue 15), so salesReport and salesInsights answer something on
 * `npm start`: till sales at 渋谷店, 新宿店 and 池袋店 (a demo terminal each) over the 42 Tokyo days
 * ending yesterday, busier on Fridays and at weekends, with one unusually busy day at 渋谷店 ten days
 * ago (an anomaly to find). Each sale is one line of a demo catalogue product. Written by SQL as
 * receipts from before orders existed (no order, no outbox event: demo data is not an event, and the
 * order list keeps its five demo orders); the reports count such a transaction as a sale. Ids are
 * derived from store, day and number, so every start adds the days not yet there and nothing twice.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { demoId } from './demo-id.js';

const SAKURA_MART = demoId(1, 1);
/** Demo id kind of the two extra demo terminals. */
const TERMINAL_KIND = 0x53;
/** [store, public terminal id (null: the demo terminal already there), sales on an ordinary day]. */
const STORES: readonly [string, string | null, number][] = [
  [demoId(2, 1), null, 16],
  [demoId(2, 2), 'DEMO-SHINJUKU', 12],
  [demoId(2, 3), 'DEMO-IKEBUKURO', 10],
];
/** Days of history, ending yesterday. */
export const DEMO_SALES_DAYS = 42;

/** [sku, name, price in yen, tax rate in basis points]: products of the demo catalogue. */
const PRODUCTS = [
  ['SM-ONIGIRI-SAKE', '手巻おにぎり 鮭', 160, 800],
  ['SM-TEA-500', '緑茶 500ml', 128, 800],
  ['SM-BREAD-6', '食パン 6枚切', 198, 800],
  ['SM-UMBRELLA', 'ビニール傘 65cm', 780, 1000],
] as const;

const INSERT_SALES = `with "shop" ("n", "store_id", "base") as (select * from jsonb_to_recordset(?::jsonb) as x("n" int, "store_id" uuid, "base" int)
    where exists (select 1 from "terminal" t where t."store_id" = x."store_id")),
  "product" ("i", "sku", "name", "price", "rate") as (select * from jsonb_to_recordset(?::jsonb) as x("i" int, "sku" text, "name" text, "price" int, "rate" int)),
  "day" ("d", "date") as (select d, ?::date - d from generate_series(1, ?) d),
  "sale" as (
    select s."store_id", day."date", k, abs(hashint4(s."n" * 100003 + day."d" * 1009 + k)) as "h"
    from "shop" s cross join "day" cross join lateral generate_series(1, (s."base"
      * case extract(isodow from day."date") when 5 then 1.2 when 6 then 1.5 when 7 then 1.4 else 1.0 end
      * case when s."n" = 1 and day."d" = 10 then 3 else 1 end
      * (0.9 + abs(hashint4(s."n" * 7919 + day."d")) % 21 / 100.0))::int) k),
  "line" as (
    select sale.*, p.*, 1 + sale."h" / 7 % 3 as "quantity" from "sale" join "product" p on p."i" = sale."h" % 4)
insert into "transaction" ("id", "created_at", "updated_at", "terminal_id", "store_id", "store_name", "total_amount",
  "subtotal_amount", "tax_amount", "taxes", "currency", "items", "occurred_at")
select md5('demo-sale/' || l."store_id" || '/' || l."date" || '/' || l.k)::uuid, now(), now(),
  (select t."id" from "terminal" t where t."store_id" = l."store_id" order by t."id" limit 1), l."store_id",
  (select st."name" from "store" st where st."id" = l."store_id"),
  l."quantity" * l."price", l."quantity" * l."price" - l."quantity" * l."price" * l."rate" / (10000 + l."rate"),
  l."quantity" * l."price" * l."rate" / (10000 + l."rate"),
  jsonb_build_array(jsonb_build_object('rateBasisPoints', l."rate", 'taxableAmount', l."quantity" * l."price",
    'taxAmount', l."quantity" * l."price" * l."rate" / (10000 + l."rate"))),
  'JPY', jsonb_build_array(jsonb_build_object('name', l."name", 'sku', l."sku", 'unitPrice', l."price", 'quantity', l."quantity")),
  (l."date" + time '09:00' + make_interval(mins => l."h" % 720)) at time zone 'Asia/Tokyo'
from "line" l
on conflict ("id") do nothing`;

/** Today's date in Tokyo, YYYY-MM-DD. */
const tokyoToday = (now: Date) => new Date(now.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10);

/** Adds the demo sales of the days that lack them (idempotent); how many were added. None without 渋谷店's terminal. */
export async function loadDemoSales(em: EntityManager, now = new Date()): Promise<number> {
  const shibuya = await em.execute<unknown[]>(
    'select 1 from "terminal" t join "store" s on s."id" = t."store_id" where s."id" = ? and s."business_account_id" = ?',
    [STORES[0]![0], SAKURA_MART],
  );
  if (shibuya.length === 0) return 0;
  for (const [i, [storeId, publicTerminalId]] of STORES.entries()) {
    if (!publicTerminalId) continue;
    await em.execute(
      `insert into "terminal" ("id", "created_at", "updated_at", "public_terminal_id", "store_id", "allow_multiple_claims")
       select ?, now(), now(), ?, "id", true from "store" where "id" = ? and "business_account_id" = ?
       on conflict do nothing`,
      [demoId(TERMINAL_KIND, i), publicTerminalId, storeId, SAKURA_MART],
    );
  }
  // Every day there already (a restart the same day): its first sale at each store is; nothing to add.
  const [first] = await em.execute<{ n: number }[]>(
    `select count(*)::int as "n" from "transaction" where "id" in (
       select md5('demo-sale/' || s || '/' || (?::date - d) || '/1')::uuid
       from jsonb_array_elements_text(?::jsonb) s, generate_series(1, ?) d)`,
    [tokyoToday(now), JSON.stringify(STORES.map(([storeId]) => storeId)), DEMO_SALES_DAYS],
  );
  if (first?.n === STORES.length * DEMO_SALES_DAYS) return 0;
  const shops = STORES.map(([storeId, , base], i) => ({ n: i + 1, store_id: storeId, base }));
  const products = PRODUCTS.map(([sku, name, price, rate], i) => ({ i, sku, name, price, rate }));
  const [row] = await em.execute<{ added: string | number }[]>(
    `with "added" as (${INSERT_SALES} returning 1) select count(*) as "added" from "added"`,
    [JSON.stringify(shops), JSON.stringify(products), tokyoToday(now), DEMO_SALES_DAYS],
  );
  return Number(row?.added ?? 0);
}
