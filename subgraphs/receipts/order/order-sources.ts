/**
 * Orders of the other sources, recorded in the transaction of the sale itself: a POS sale at a
 * terminal (paid at once) and a storefront order (paid when the shop says so, then fulfilled when
 * the shop fulfils it). Both go through order-recording.ts, so the order model writes every order
 * event, each exactly once.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { ConflictError } from '../../kernel/errors.js';
import type { Transaction } from '../transaction/transaction.entity.js';
import { recordOrder, transitionOrder, type EventFacts } from './order-recording.js';
import type { SalesOrder } from './order.entity.js';
import { OrderSource, OrderStatus, type OrderAction } from './order-state.js';

/** The order of a sale recorded at a terminal: paid, its lines the sale's items (with their SKUs). */
export function recordPosOrder(
  em: EntityManager,
  transaction: Transaction,
  businessAccountId: string,
  now: Date,
): Promise<SalesOrder | null> {
  // A line's rate is known when the sale has one rate only; with several, the receipt's taxes say it per rate.
  const onlyRate = transaction.taxes.length === 1 ? transaction.taxes[0]!.rateBasisPoints : null;
  return recordOrder(
    em,
    {
      businessAccountId,
      storeId: transaction.storeId,
      source: OrderSource.pos,
      sourceReference: transaction.id,
      transactionId: transaction.id,
      currency: transaction.currency,
      totalAmount: transaction.totalAmount,
      taxAmount: transaction.taxAmount,
      paid: true,
      placedAt: transaction.occurredAt,
      // The till's SKU goes with the line: the stores job lowers the stock of the product it names.
      lines: transaction.items.map((item) => ({
        name: item.name,
        sku: item.sku ?? null,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        taxRateBasisPoints: onlyRate,
      })),
    },
    now,
  );
}

/** A storefront order as the worker sees it: its row, its transaction, and the shop's facts for events. */
export interface StorefrontSale {
  readonly storefrontOrderId: string;
  readonly businessAccountId: string;
  readonly paid: boolean;
  readonly facts: EventFacts;
}

/** The order of a new storefront order: open, or paid when the shop says so. */
export function recordStorefrontOrder(
  em: EntityManager,
  sale: StorefrontSale,
  transaction: Transaction,
  now: Date,
): Promise<SalesOrder | null> {
  return recordOrder(
    em,
    {
      businessAccountId: sale.businessAccountId,
      storeId: transaction.storeId,
      source: OrderSource.storefront,
      sourceReference: sale.storefrontOrderId,
      transactionId: transaction.id,
      currency: transaction.currency,
      totalAmount: transaction.totalAmount,
      taxAmount: transaction.taxAmount,
      paid: sale.paid,
      placedAt: transaction.occurredAt,
      lines: transaction.items,
    },
    now,
    sale.facts,
  );
}

/**
 * Moves a storefront order along what the shop reports: paid (open -> paid), fulfilled (paid ->
 * fulfilled). A shop fulfils an order it has settled, so a fulfilled order still open here is marked
 * paid first. A transition already made (a redelivery) is skipped; so is anything after a cancellation.
 */
export async function advanceStorefrontOrder(
  em: EntityManager,
  sale: StorefrontSale,
  fulfilled: boolean,
  now: Date,
): Promise<void> {
  const [row] = await em.execute<{ id: string; status: OrderStatus }[]>(
    `select "id", "status" from "sales_order" where "source" = ? and "source_reference" = ?`,
    [OrderSource.storefront, sale.storefrontOrderId],
  );
  if (!row) return;
  const steps: OrderAction[] = [];
  if (row.status === OrderStatus.open && (sale.paid || fulfilled)) steps.push('pay');
  if (fulfilled && (row.status === OrderStatus.open || row.status === OrderStatus.paid)) steps.push('fulfil');
  for (const action of steps) {
    try {
      await transitionOrder(em, { orderId: row.id, businessAccountId: sale.businessAccountId }, action, now, {
        facts: sale.facts,
      });
    } catch (error) {
      // Another delivery of the same order made this transition first: nothing more to do.
      if (!(error instanceof ConflictError)) throw error;
      return;
    }
  }
}
