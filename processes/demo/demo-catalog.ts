/**
 * Demo products and stock (issue 14): a few products of さくらマート株式会社 sold at 渋谷店, with stock on
 * 渋谷店's floor and in a warehouse, posted through the stock ledger as any stock is. Loaded when absent
 * (products and locations by their demo ids, movements by their source reference): idempotent.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { Validation } from '../../subgraphs/kernel/errors.js';
import { postMovements } from '../../subgraphs/stores/inventory/stock-ledger.js';
import { StockLocation, StockLocationKind } from '../../subgraphs/stores/inventory/stock-location.entity.js';
import { StockMovementKind } from '../../subgraphs/stores/inventory/stock-movement.entity.js';
import { checkProductDraft } from '../../subgraphs/stores/product/product-validation.js';
import { Product, ProductStatus } from '../../subgraphs/stores/product/product.entity.js';
import { demoId } from './demo-id.js';

const KIND = 0x50;
const SAKURA_MART = demoId(1, 1);
const SHIBUYA = demoId(2, 1);

/** 渋谷店's sales floor and the business's warehouse. */
export const DEMO_LOCATIONS = {
  shibuyaFloor: demoId(KIND, 0x101),
  warehouse: demoId(KIND, 0x102),
} as const;

/** [sku, barcode, name, kana, price (yen), tax rate (bp), on the floor, in the warehouse]. */
export const DEMO_PRODUCTS: readonly [string, string, string, string, number, number, number, number][] = [
  ['SM-ONIGIRI-SAKE', '4900000000016', '手巻おにぎり 鮭', 'テマキオニギリ サケ', 160, 800, 24, 0],
  ['SM-TEA-500', '4900000000023', '緑茶 500ml', 'リョクチャ', 128, 800, 36, 240],
  ['SM-BREAD-6', '4900000000030', '食パン 6枚切', 'ショクパン', 198, 800, 12, 30],
  ['SM-UMBRELLA', '4900000000047', 'ビニール傘 65cm', 'ビニールガサ', 780, 1000, 8, 50],
];

/** Loads what is absent: the locations, the products (available at 渋谷店) and their opening stock. */
export async function loadDemoCatalog(em: EntityManager): Promise<void> {
  if ((await em.count(Product, { id: demoId(KIND, 1) })) > 0) return;
  await em.transactional(async (tx) => {
    for (const [id, name, kind, storeId] of [
      [DEMO_LOCATIONS.shibuyaFloor, '渋谷店 売場', StockLocationKind.floor, SHIBUYA],
      [DEMO_LOCATIONS.warehouse, '東京倉庫', StockLocationKind.warehouse, null],
    ] as const) {
      if ((await tx.count(StockLocation, { id })) === 0)
        tx.create(StockLocation, { id, businessAccountId: SAKURA_MART, name, kind, storeId });
    }
    DEMO_PRODUCTS.forEach(([sku, barcode, name, nameKana, priceAmount, taxRate], i) => {
      const draft = {
        sku,
        barcode,
        name,
        nameKana,
        description: '',
        priceAmount,
        currency: 'JPY',
        taxRate,
        imageUrls: [],
      };
      const v = new Validation();
      checkProductDraft(v, draft);
      v.throwIfInvalid();
      tx.create(Product, {
        id: demoId(KIND, i + 1),
        businessAccountId: SAKURA_MART,
        ...draft,
        status: ProductStatus.active,
        allowsBackorder: false,
      });
    });
    await tx.flush();
    const ids = DEMO_PRODUCTS.map((_, i) => demoId(KIND, i + 1));
    await tx.execute(
      `insert into "product_store" ("product_id", "store_id") values ${ids.map(() => '(?, ?)').join(', ')} on conflict do nothing`,
      ids.flatMap((id) => [id, SHIBUYA]),
      'run',
    );
    const stock = DEMO_PRODUCTS.flatMap(([, , , , , , floor, warehouse], i) =>
      [
        [DEMO_LOCATIONS.shibuyaFloor, floor],
        [DEMO_LOCATIONS.warehouse, warehouse],
      ]
        .filter(([, quantity]) => Number(quantity) > 0)
        .map(([locationId, quantity]) => ({
          productId: ids[i]!,
          locationId: String(locationId),
          quantity: Number(quantity),
          kind: StockMovementKind.receipt,
          reason: '初期在庫',
          source: 'demo',
          sourceRef: `opening/${ids[i]}/${locationId}`,
          actor: 'demo',
        })),
    );
    await postMovements(tx, SAKURA_MART, stock);
  });
}
