/**
 * Sales post to the stock ledger (the stores job `stores.stock-postings` calls these for each
 * published order event): an order's lines, read from the receipts subgraph's `sales_order_line` by
 * SQL, are matched to the business's products (by the line's productId, else by its SKU) and each
 * matched line leaves the store's selling location as one `sale` movement (source `order`, reference
 * `<orderId>/<lineId>`); a cancellation puts back exactly what its sale took (`return`, source
 * `order-cancel`, the same reference). Both are posted even below zero: the sale already happened.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { postMovements, type MovementPosting } from './stock-ledger.js';
import { StockMovement, StockMovementKind } from './stock-movement.entity.js';

/** The `actor` of every movement the job posts. */
export const STOCK_POSTINGS_ACTOR = 'job:stores.stock-postings';
export const ORDER_SOURCE = 'order';
export const ORDER_CANCEL_SOURCE = 'order-cancel';

/** What a run did, by outcome: its log line. */
export class PostingTally {
  readonly counts: Record<string, number> = {};

  add(outcome: string, by = 1): void {
    if (by > 0) this.counts[outcome] = (this.counts[outcome] ?? 0) + by;
  }
}

interface LineRow {
  id: string;
  product_id: string | null;
  sku: string | null;
  quantity: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const instant = (value: unknown): Date | undefined => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};
const saleRef = (orderId: string, lineId: string) => `${orderId}/${lineId}`;

/** The lines of an order of the business, in position order (none for another business's order). */
async function linesOf(em: EntityManager, businessAccountId: string, orderId: string): Promise<LineRow[]> {
  return em.execute<LineRow[]>(
    `select l."id", l."product_id", l."sku", l."quantity" from "sales_order_line" l
     join "sales_order" o on o."id" = l."order_id"
     where o."id" = ? and o."business_account_id" = ? order by l."position"`,
    [orderId, businessAccountId],
  );
}

/**
 * A store's selling location: its stock location of kind `floor` (its sales floor), the first made
 * when it has several (set another one's kind to backroom to choose); null when it has none.
 */
export async function sellingLocation(
  em: EntityManager,
  businessAccountId: string,
  storeId: string,
): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `select "id" from "stock_location" where "business_account_id" = ? and "store_id" = ? and "kind" = 'floor'
     order by "id" limit 1`,
    [businessAccountId, storeId],
  );
  return row?.id ?? null;
}

/** The product of each line (by line id): the line's productId if the business has it, else its SKU's. */
async function matchProducts(
  em: EntityManager,
  businessAccountId: string,
  lines: readonly LineRow[],
): Promise<Map<string, string>> {
  const ids = lines.flatMap((l) => (l.product_id && isUuid(l.product_id) ? [l.product_id] : []));
  const skus = lines.flatMap((l) => (l.sku ? [l.sku] : []));
  if (ids.length + skus.length === 0) return new Map();
  const marks = (n: number) => (n === 0 ? 'null' : Array.from({ length: n }, () => '?').join(', '));
  const products = await em.execute<{ id: string; sku: string }[]>(
    `select "id", "sku" from "product" where "business_account_id" = ? and ("id" in (${marks(ids.length)}) or "sku" in (${marks(skus.length)}))`,
    [businessAccountId, ...ids, ...skus],
  );
  const byId = new Set(products.map((p) => p.id));
  const bySku = new Map(products.map((p) => [p.sku, p.id]));
  const matched = new Map<string, string>();
  for (const line of lines) {
    const productId = line.product_id && byId.has(line.product_id) ? line.product_id : bySku.get(line.sku ?? '');
    if (productId) matched.set(line.id, productId);
  }
  return matched;
}

/** `order.created`: one `sale` per matched line at the store's selling location. */
export async function postOrderSales(
  em: EntityManager,
  businessAccountId: string,
  payload: Record<string, unknown>,
  tally: PostingTally,
): Promise<void> {
  const orderId = text(payload.orderId);
  const storeId = text(payload.storeId);
  if (!orderId || !storeId || !isUuid(orderId) || !isUuid(storeId)) {
    tally.add('malformed');
    return;
  }
  const lines = await linesOf(em, businessAccountId, orderId);
  if (lines.length === 0) {
    tally.add('orderNotFound');
    return;
  }
  const locationId = await sellingLocation(em, businessAccountId, storeId);
  if (!locationId) {
    tally.add('noSellingLocation', lines.length);
    return;
  }
  const products = await matchProducts(em, businessAccountId, lines);
  const postings = lines.flatMap((line): MovementPosting[] => {
    const productId = products.get(line.id);
    if (!productId) return [];
    return [
      {
        productId,
        locationId,
        quantity: -line.quantity,
        kind: StockMovementKind.sale,
        source: ORDER_SOURCE,
        sourceRef: saleRef(orderId, line.id),
        actor: STOCK_POSTINGS_ACTOR,
        occurredAt: instant(payload.occurredAt),
        recordedFact: true,
      },
    ];
  });
  tally.add('unmatchedLines', lines.length - postings.length);
  if (postings.length === 0) return;
  await postMovements(em, businessAccountId, postings);
  tally.add('sales', postings.length);
}

/** `order.cancelled`: a `return` of every sale posted for the order (none posted, none returned). */
export async function postOrderReturns(
  em: EntityManager,
  businessAccountId: string,
  payload: Record<string, unknown>,
  tally: PostingTally,
): Promise<void> {
  const orderId = text(payload.orderId);
  if (!orderId || !isUuid(orderId)) {
    tally.add('malformed');
    return;
  }
  const lines = await linesOf(em, businessAccountId, orderId);
  if (lines.length === 0) {
    tally.add('orderNotFound');
    return;
  }
  const sales = await em.find(StockMovement, {
    businessAccountId,
    source: ORDER_SOURCE,
    sourceRef: { $in: lines.map((line) => saleRef(orderId, line.id)) },
  });
  if (sales.length === 0) {
    tally.add('nothingToReturn');
    return;
  }
  await postMovements(
    em,
    businessAccountId,
    sales.map((sale) => ({
      productId: sale.productId,
      locationId: sale.locationId,
      quantity: -sale.quantity,
      kind: StockMovementKind.return,
      source: ORDER_CANCEL_SOURCE,
      sourceRef: sale.sourceRef!,
      actor: STOCK_POSTINGS_ACTOR,
      occurredAt: instant(payload.cancelledAt),
      recordedFact: true,
    })),
  );
  tally.add('returns', sales.length);
}
