/**
 * The product search's plans on a generated catalogue (PostgreSQL, 6,000 products of one business and
 * 1,200 of another; makers cluster in name order, like a grocery's): for rare and common terms, short
 * (the substring index of migration 0041) and long (trigrams), the statements the service runs read
 * no product by sequential scan and a bounded number of rows; every page after a cursor, by either
 * plan and in either order, is the page the plain statement (filter everything, sort) gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CursorValue } from '../../kernel/connection.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { hasPostgres } from '../../../test/requirements.js';
import {
  productListStatements,
  readProductList,
  WALK_WINDOW,
  type ProductListQuery,
  type ProductStatement,
} from './product-list.js';
import { ProductOrder } from './product.input.js';

let db: ServiceDatabase;
const em = (): EntityManager => db.context(OPERATOR).em;
const MINE = '00000000-0000-7000-8000-0000000000b1';
const THEIRS = '00000000-0000-7000-8000-0000000000b2';
const PRODUCTS = 6000;
const PAGE = 20;

const MAKERS = `array['さくら','やまと','ふじ','みどり','ひかり','北海','瀬戸内','信州','有機生活','トップバリュー','まるやま','あおば']`;
const ITEMS = `array['緑茶','烏龍茶','ほうじ茶','牛乳','食パン','醤油','味噌','納豆','豆腐','カップラーメン','チョコレート','ポテトチップス',
  'おにぎり','コーヒー','ヨーグルト','洗剤','ティッシュ','米','卵','バナナ']`;

/** Product i of a business: maker, item, a rare mark on a few, a line number; updated_at spread by i. */
const insertProducts = (business: string, count: number, prefix: string) => `
  insert into "product" ("id", "created_at", "updated_at", "business_account_id", "sku", "name", "name_kana", "description",
    "price_amount", "currency", "tax_rate", "status")
  select md5('${prefix}' || i)::uuid, now(), timestamptz '2025-01-01' + (i % 997) * interval '1 minute', '${business}',
    '${prefix}-' || lpad(i::text, 6, '0'),
    (${MAKERS})[1 + i % 12] || ' ' || (${ITEMS})[1 + (i / 12) % 20]
      || case when i % 600 = 7 then ' 限定' when i % 500 = 3 then ' スペシャル' else '' end || ' No.' || i,
    '', '', 100, 'JPY', 800, case when i % 50 = 0 then 'archived' else 'active' end
  from generate_series(1, ${count}) as i`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The scans of product and its indexes in an analysed statement, and how many product rows it read (kept or discarded). */
async function analyse(statement: ProductStatement): Promise<{ scans: string[]; productRowsRead: number }> {
  const [row] = await em().execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
    `explain (analyze, format json) ${statement.sql}`,
    [...statement.params],
  );
  const scans: string[] = [];
  let productRowsRead = 0;
  const walk = (node: PlanNode): void => {
    const onProduct = node['Relation Name'] === 'product' || node['Index Name']?.startsWith('product_');
    if (node['Node Type'].includes('Scan') && onProduct)
      scans.push(`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`);
    // Counted at the scans that read rows (a bitmap index scan only finds them for its heap scan).
    if (node['Node Type'].includes('Scan') && node['Relation Name'] === 'product') {
      productRowsRead +=
        (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
    }
    node.Plans?.forEach(walk);
  };
  walk(row!['QUERY PLAN'][0].Plan);
  return { scans, productRowsRead };
}

const query = (search: string, more: Partial<ProductListQuery> = {}): ProductListQuery => ({
  businessAccountId: MINE,
  search,
  status: null,
  storeId: null,
  orderBy: ProductOrder.name,
  after: null,
  limit: PAGE + 1,
  ...more,
});

/** The statements the service runs for page 1 of `search`: the walk, and the sorted matches when it fell short. */
async function servicePlans(search: string) {
  const { walk, page } = productListStatements(query(search));
  const walked = await em().execute<object[]>(walk!.sql, [...walk!.params]);
  const plans = [await analyse(walk!)];
  if (walked.length < PAGE + 1) plans.push(await analyse(page));
  return { sorted: plans.length === 2, plans };
}

const matchCount = async (search: string) =>
  (
    await em().execute<{ n: number }[]>(
      `select count(*)::int as n from "product" where "business_account_id" = ? and "name" like ?`,
      [MINE, `%${search}%`],
    )
  )[0]!.n;

describe.skipIf(!hasPostgres('plans of the product search at 6,000 products'))(
  'plans of the product search (PostgreSQL, 6,000 products)',
  () => {
    beforeAll(async () => {
      db = await openServiceDatabase();
      for (const [id, name] of [
        [MINE, 'Plan'],
        [THEIRS, 'Other'],
      ] as const)
        await em().execute(
          `insert into "business_account" ("id", "created_at", "updated_at", "name", "owner_email") values (?, now(), now(), ?, ?)`,
          [id, name, `${id}@example.com`],
        );
      await em().execute(insertProducts(MINE, PRODUCTS, 'SK'));
      await em().execute(insertProducts(THEIRS, PRODUCTS / 5, 'OT'));
      await em().execute('vacuum analyze "product"');
    });

    afterAll(async () => {
      await db?.close();
    });

    it.each([
      // term, what it is; matches of 6,000
      ['限定', 'short and rare (10)'],
      ['スペシャル', 'long and rare (12)'],
      ['緑茶', 'short and common (300, late in each maker)'],
      ['チョコレート', 'long and common (300)'],
      ['瀬戸', 'short, 500 products that sort last'],
      ['有機生活', 'long, 500 products together in name order'],
    ])('%s (%s): no sequential scan of product, a bounded number of rows read', async (term) => {
      const matches = await matchCount(term);
      const { plans } = await servicePlans(term);
      for (const plan of plans) expect(plan.scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
      const read = plans.reduce((sum, plan) => sum + plan.productRowsRead, 0);
      // The walk reads at most its window; the matches, each read once (the other business's too).
      expect(read).toBeLessThanOrEqual(WALK_WINDOW + 1.2 * matches + PAGE);
      expect(read).toBeLessThan(PRODUCTS / 2);
    });

    it('collects a rare term’s matches through the text index, and pages a common one from the walk', async () => {
      const rare = await servicePlans('限定');
      expect(rare.sorted).toBe(true);
      expect(rare.plans[1]!.scans).toContain('Bitmap Index Scan on product_search_grams_idx');
      const rareLong = await servicePlans('スペシャル');
      expect(rareLong.plans[1]!.scans).toContain('Bitmap Index Scan on product_search_text_trgm_idx');
      const common = await servicePlans('チョコレート');
      expect(common.sorted).toBe(false);
      expect(common.plans[0]!.scans).toEqual(['Index Scan on product_business_account_id_name_id_index']);
    });

    it.each([
      ['限定', ProductOrder.name, 3],
      ['スペシャル', ProductOrder.updatedAt, 5],
      ['緑茶', ProductOrder.name, PAGE],
      ['有機生活', ProductOrder.name, PAGE],
      ['瀬戸', ProductOrder.updatedAt, PAGE],
      ['ル', ProductOrder.updatedAt, 50],
      ['ル', ProductOrder.name, 50],
    ])('pages %s in %s order, %i a page, exactly as filtering and sorting everything', async (term, orderBy, size) => {
      const byName = orderBy === ProductOrder.name;
      const all = await em().execute<{ id: string; name: string; updated_at: Date }[]>(
        `select "id", "name", "updated_at" from "product" where "business_account_id" = ? and "status" = 'active'
         and lower("name") like ? order by ${byName ? '"name", "id"' : '"updated_at" desc, "id" desc'}`,
        [MINE, `%${term.toLowerCase()}%`],
      );
      const run = (statement: ProductStatement) =>
        em().execute<Record<string, unknown>[]>(statement.sql, [...statement.params]);
      const seen: string[] = [];
      let after: CursorValue[] | null = null;
      for (;;) {
        const rows = await readProductList(run, query(term, { orderBy, after, status: 'active', limit: size + 1 }));
        const page = rows.slice(0, size);
        seen.push(...page.map((row) => row.id as string));
        if (rows.length <= size) break;
        expect(seen.length).toBeLessThan(all.length); // a page repeated would never end
        const last = page.at(-1)!;
        after = byName
          ? [last.name as string, last.id as string]
          : [new Date(last.updated_at as string), last.id as string];
      }
      expect(all.length).toBeGreaterThan(2 * size);
      expect(seen).toEqual(all.map((row) => row.id));
    });
  },
);
