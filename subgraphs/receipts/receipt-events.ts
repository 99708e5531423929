/**
 * The receipts subgraph's outbox events (`purchase.completed`, `receipt.claimed`), written with the
 * EntityManager of the change's own transaction so an event commits exactly when its change does.
 */
import type { EntityManager } from '../kernel/db/orm.js';
import { OutboxEvent } from '../kernel/events/outbox-event.entity.js';
import type { Terminal } from './terminal/terminal.entity.js';
import type { Transaction } from './transaction/transaction.entity.js';

export type ReceiptEventType = 'purchase.completed' | 'receipt.claimed';

/** The store's current name (the stores subgraph's table, read where receipts need it); null for no store. */
export async function storeName(em: EntityManager, storeId: string): Promise<string | null> {
  const rows = await em.execute<{ name: string }[]>('select "name" from "store" where "id" = ?', [storeId]);
  return rows[0]?.name ?? null;
}

/** The business account that owns a store (null for an unknown store). */
export async function storeBusinessAccountId(em: EntityManager, storeId: string): Promise<string | null> {
  const rows = await em.execute<{ business_account_id: string }[]>(
    'select "business_account_id" from "store" where "id" = ?',
    [storeId],
  );
  return rows[0]?.business_account_id ?? null;
}

/** The payload of an event about `transaction` (its sale facts, then `extra`). */
export function receiptEventPayload(
  transaction: Pick<Transaction, 'id' | 'storeId' | 'totalAmount' | 'currency' | 'occurredAt'>,
  terminal: Pick<Terminal, 'publicTerminalId'>,
  extra: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    transactionId: transaction.id,
    storeId: transaction.storeId,
    publicTerminalId: terminal.publicTerminalId,
    totalAmount: transaction.totalAmount,
    currency: transaction.currency,
    occurredAt: transaction.occurredAt.toISOString(),
    ...extra,
  };
}

/** Queues an event about `transaction` in `em`'s transaction (flushed with it). */
export async function queueReceiptEvent(
  em: EntityManager,
  type: ReceiptEventType,
  transaction: Transaction,
  terminal: Pick<Terminal, 'publicTerminalId'>,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  em.create(OutboxEvent, {
    type,
    businessAccountId: await storeBusinessAccountId(em, transaction.storeId),
    payload: receiptEventPayload(transaction, terminal, extra),
  });
}
