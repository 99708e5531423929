import { randomBytes } from 'node:crypto';
import { requireAuthenticated } from '../../kernel/auth/access.js';
import type { Principal } from '../../kernel/auth/principal.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { tokenDigest } from '../claim/transaction-qr.js';
import { TransactionQrToken } from '../claim/transaction-qr-token.entity.js';
import type { RecordedTransaction } from '../claim/claim.types.js';
import { queueReceiptEvent, storeBusinessAccountId, storeName } from '../receipt-events.js';
import type { TerminalService } from '../terminal/terminal.service.js';
import { recordPosOrder } from '../order/order-sources.js';
import { Transaction } from './transaction.entity.js';
import type { RecordTransactionInput } from './transaction.input.js';
import { validateTransaction } from './transaction-validation.js';

/** The scope a business token needs to record transactions and revoke transaction-QR tokens. */
export const RECEIPTS_WRITE_SCOPE = 'store.receipts.write';
/** Life of a transaction-QR token (30 days). */
export const TRANSACTION_QR_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * Whether `principal` may act on a store's receipts: the operator, or a business token with
 * store.receipts.write whose business owns the store. Another business's store is answered like an
 * unknown one, so a token learns nothing about stores it does not own.
 */
async function requireStoreReceiptsWriter(ctx: BaseContext, principal: Principal, storeId: string): Promise<boolean> {
  const caller = requireAuthenticated(principal);
  if (caller.kind === 'operator') return true;
  if (caller.kind !== 'business' || !caller.scopes.has(RECEIPTS_WRITE_SCOPE))
    throw new ForbiddenError(
      `The token lacks the ${RECEIPTS_WRITE_SCOPE} scope.`,
      'insufficient_scope',
      RECEIPTS_WRITE_SCOPE,
    );
  return (await storeBusinessAccountId(ctx.em, storeId)) === caller.businessAccountId;
}

/**
 * Refuses (BAD_USER_INPUT, naming `couponIds.<i>`) a coupon that could not have been used on a sale at
 * `storeId` at `occurredAt`: it must be published, offered at that store (coupon_store) and valid then
 * (validFrom <= occurredAt < validTo, open ends allowed). Reads the stores subgraph's "coupon" and
 * "coupon_store" read-only (decision 0020). A coupon of another business is never offered at the store.
 */
async function requireUsableCoupons(
  em: EntityManager,
  storeId: string,
  couponIds: readonly string[],
  occurredAt: Date,
): Promise<void> {
  if (couponIds.length === 0) return;
  const rows = await em.execute<{ id: string }[]>(
    `select c."id" from "coupon" c join "coupon_store" cs on cs."coupon_id" = c."id" and cs."store_id" = ?
      where c."id" in (${couponIds.map(() => 'cast(? as uuid)').join(', ')}) and c."status" = 'published'
        and (c."valid_from" is null or c."valid_from" <= ?) and (c."valid_to" is null or ? < c."valid_to")`,
    [storeId, ...couponIds, occurredAt, occurredAt],
  );
  const usable = new Set(rows.map((row) => row.id));
  const v = new Validation();
  couponIds.forEach((id, i) =>
    v.check(
      usable.has(id),
      `couponIds.${i}`,
      'must be a published coupon offered at this store and valid when the sale happened',
    ),
  );
  v.throwIfInvalid();
}

/** Recording sales at terminals, and revoking their transaction-QR tokens. */
export class RecordingService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly terminals: TerminalService,
  ) {}

  /**
   * Records a sale and issues its transaction-QR token (returned once), with `purchase.completed` in
   * the same database transaction.
   */
  async record(input: RecordTransactionInput): Promise<RecordedTransaction> {
    requireAuthenticated(this.ctx.principal);
    const now = new Date();
    const { items, taxes, couponIds } = validateTransaction(input, now);
    const terminal = await this.terminals.getByPublicId(input.publicTerminalId);
    if (!(await requireStoreReceiptsWriter(this.ctx, this.ctx.principal, terminal.storeId)))
      throw new NotFoundError('No terminal has this public id.', 'terminal_not_found');
    const occurredAt = input.occurredAt ?? now;
    await requireUsableCoupons(this.ctx.em, terminal.storeId, couponIds, occurredAt);
    const printedStoreName = (await storeName(this.ctx.em, terminal.storeId)) ?? '';
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TRANSACTION_QR_TTL_MS);
    const taxAmount = taxes.reduce((sum, tax) => sum + tax.taxAmount, 0);
    const transaction = await this.ctx.em.transactional(async (em) => {
      const created = em.create(Transaction, {
        terminalId: terminal.id,
        storeId: terminal.storeId,
        storeName: printedStoreName,
        totalAmount: input.totalAmount,
        subtotalAmount: input.totalAmount - taxAmount,
        taxAmount,
        taxes,
        currency: input.currency ?? 'JPY',
        items,
        couponIds,
        occurredAt,
      });
      // No ORM relation orders the inserts (the foreign keys live in the database): the sale goes first.
      await em.flush();
      em.create(TransactionQrToken, { transactionId: created.id, tokenHash: tokenDigest(token), expiresAt });
      // The sale is also the business's order (paid), with order.created, in the same transaction.
      const businessAccountId = await storeBusinessAccountId(em, terminal.storeId);
      if (businessAccountId) await recordPosOrder(em, created, businessAccountId, now);
      await queueReceiptEvent(em, 'purchase.completed', created, terminal, {
        subtotalAmount: created.subtotalAmount,
        taxAmount,
        itemCount: created.items.length,
      });
      return created;
    });
    return { transaction, transactionQrToken: token, transactionQrTokenExpiresAt: expiresAt };
  }

  /** Revokes a transaction's QR token (idempotent); the token then reads as `token_revoked`. */
  async revokeQrToken(transactionId: string): Promise<Transaction> {
    requireAuthenticated(this.ctx.principal);
    const transaction = isUuid(transactionId) ? await this.ctx.em.findOne(Transaction, { id: transactionId }) : null;
    const allowed =
      transaction && (await requireStoreReceiptsWriter(this.ctx, this.ctx.principal, transaction.storeId));
    if (!transaction || !allowed) throw new NotFoundError('No transaction has this id.', 'transaction_not_found');
    await this.ctx.em.execute(
      `update "transaction_qr_token" set "revoked_at" = coalesce("revoked_at", now()), "updated_at" = now()
       where "transaction_id" = ?`,
      [transaction.id],
    );
    return transaction;
  }
}
