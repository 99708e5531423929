/**
 * A generated product catalogue for the product search rows: a grocery's assortment of Japanese names
 * (maker, item and size: `やまと 緑茶 500ml`), their katakana readings, SKUs (`YM-000123`) and
 * JAN-13 barcodes with a valid check digit, inserted in one statement (no ORM), then analysed.
 * Product n is the same row whatever the run.
 */
import type pg from 'pg';

/** Makers: name and reading. */
const MAKERS: readonly (readonly [string, string])[] = [
  ['さくら', 'サクラ'],
  ['やまと', 'ヤマト'],
  ['ふじ', 'フジ'],
  ['みどり', 'ミドリ'],
  ['ひかり', 'ヒカリ'],
  ['北海', 'ホッカイ'],
  ['瀬戸内', 'セトウチ'],
  ['信州', 'シンシュウ'],
  ['有機生活', 'ユウキセイカツ'],
  ['トップバリュー', 'トップバリュー'],
  ['まるやま', 'マルヤマ'],
  ['あおば', 'アオバ'],
];

/** Items: name, reading and the sizes they come in. */
const ITEMS: readonly (readonly [string, string, readonly string[]])[] = [
  ['緑茶', 'リョクチャ', ['500ml', '2L', '350ml']],
  ['烏龍茶', 'ウーロンチャ', ['500ml', '2L']],
  ['ほうじ茶', 'ホウジチャ', ['500ml', 'ティーバッグ20袋']],
  ['牛乳', 'ギュウニュウ', ['1000ml', '500ml']],
  ['食パン', 'ショクパン', ['6枚切', '8枚切']],
  ['醤油', 'ショウユ', ['1L', '500ml']],
  ['味噌', 'ミソ', ['750g', '1kg']],
  ['納豆', 'ナットウ', ['3パック', '4パック']],
  ['豆腐', 'トウフ', ['絹 300g', '木綿 300g']],
  ['カップラーメン', 'カップラーメン', ['醤油味', '味噌味', '塩味']],
  ['チョコレート', 'チョコレート', ['ミルク', 'ビター', '抹茶']],
  ['ポテトチップス', 'ポテトチップス', ['うすしお', 'のりしお', 'コンソメ']],
  ['おにぎり', 'オニギリ', ['鮭', '梅', 'ツナマヨ', '昆布']],
  ['コーヒー', 'コーヒー', ['無糖 185g', '微糖 185g', 'ドリップ10袋']],
  ['ヨーグルト', 'ヨーグルト', ['プレーン 400g', '加糖 4個']],
  ['洗剤', 'センザイ', ['詰め替え 400ml', '本体 500ml']],
  ['ティッシュ', 'ティッシュ', ['5箱', '3箱']],
  ['米', 'コメ', ['5kg', '2kg']],
  ['卵', 'タマゴ', ['10個', '6個']],
  ['バナナ', 'バナナ', ['1房']],
];

/** Terms a partner app's search box sends, by kind (how the index can serve them differs). */
export const SEARCH_TERMS: readonly string[] = [
  // Two-character item words: no trigram of their own.
  '緑茶',
  '牛乳',
  '納豆',
  // Readings and longer names: three characters and more.
  'リョクチャ',
  'チョコレート',
  'ポテトチップス',
  'ほうじ茶',
  // A maker and a SKU prefix (case-insensitive).
  '有機生活',
  'ym-0001',
];

/** A JAN-13 barcode (the 49 prefix of Japan) for product n, with its check digit. */
export function janOf(n: number): string {
  const body = `49${String(n).padStart(10, '0')}`;
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Product n of the catalogue: its name, reading, SKU, barcode and price in yen. */
export function productOf(n: number): { name: string; kana: string; sku: string; barcode: string; price: number } {
  const [maker, makerKana] = MAKERS[n % MAKERS.length]!;
  const [item, itemKana, sizes] = ITEMS[Math.floor(n / MAKERS.length) % ITEMS.length]!;
  const size = sizes[Math.floor(n / (MAKERS.length * ITEMS.length)) % sizes.length]!;
  // Beyond the maker x item x size combinations, a line number keeps names apart (`… No.12`).
  const line = Math.floor(n / (MAKERS.length * ITEMS.length * 3));
  const name = `${maker} ${item} ${size}${line > 0 ? ` No.${line}` : ''}`;
  const kana = `${makerKana} ${itemKana}`;
  const sku = `${makerKana === 'ヤマト' ? 'YM' : 'SK'}-${String(n).padStart(6, '0')}`;
  return { name, kana, sku, barcode: janOf(n), price: 98 + ((n * 37) % 1900) };
}

const INSERT_PRODUCTS = `
insert into "product" ("id", "created_at", "updated_at", "business_account_id", "sku", "barcode", "name", "name_kana",
  "description", "price_amount", "currency", "tax_rate", "status")
select gen_random_uuid(), now(), now(), $1, t.sku, t.barcode, t.name, t.kana, '', t.price, 'JPY',
  case when t.n % 5 = 0 then 1000 else 800 end, case when t.n % 50 = 0 then 'archived' else 'active' end
from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) with ordinality as t(sku, barcode, name, kana, price, n)`;

/** Inserts products 1..count for `businessAccountId` (in batches of 10,000), then analyses the table. */
export async function loadCatalogue(client: pg.Client, businessAccountId: string, count: number): Promise<void> {
  for (let from = 1; from <= count; from += 10_000) {
    const products = Array.from({ length: Math.min(10_000, count - from + 1) }, (_, i) => productOf(from + i));
    await client.query(INSERT_PRODUCTS, [
      businessAccountId,
      products.map((p) => p.sku),
      products.map((p) => p.barcode),
      products.map((p) => p.name),
      products.map((p) => p.kana),
      products.map((p) => p.price),
    ]);
  }
  await client.query('vacuum analyze "product"');
}
