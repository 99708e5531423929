import type { BaseContext } from '../../kernel/context.js';
import { NotFoundError } from '../../kernel/errors.js';
import type { TerminalService } from '../terminal/terminal.service.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { signClaimToken, TERMINAL_CLAIM_TTL_SECONDS } from './claim-token.js';
import type { LastReceipt, TransactionQrReceipt } from './claim.types.js';
import { findQrToken, unusableQrToken } from './transaction-qr.js';

/** Public reads of receipts: a terminal's latest one (with its claim token) and a transaction-QR token's. */
export class ReceiptService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly terminals: TerminalService,
  ) {}

  /**
   * The terminal's latest transaction and a claim token for it, while it is claimable: within 10
   * minutes of the sale and, unless the terminal allows several claims, not yet claimed.
   *
   * @throws NotFoundError `terminal_not_found`, `no_transaction`, `receipt_expired` or `receipt_claimed`.
   */
  async lastReceipt(publicTerminalId: string, now: Date = new Date()): Promise<LastReceipt> {
    const terminal = await this.terminals.getByPublicId(publicTerminalId);
    const receipt = await this.ctx.em.findOne(
      Transaction,
      { terminalId: terminal.id },
      { orderBy: { occurredAt: 'desc', id: 'desc' } },
    );
    if (!receipt) throw new NotFoundError('The terminal has no transaction yet.', 'no_transaction');
    if (receipt.occurredAt.getTime() + TERMINAL_CLAIM_TTL_SECONDS * 1000 <= now.getTime())
      throw new NotFoundError('The latest receipt of this terminal is no longer claimable.', 'receipt_expired');
    if (!terminal.allowMultipleClaims && receipt.claimCount > 0)
      throw new NotFoundError('The latest receipt of this terminal has been claimed.', 'receipt_claimed');
    const signed = await signClaimToken(
      this.ctx.env,
      { publicTerminalId: terminal.publicTerminalId, transactionId: receipt.id, occurredAt: receipt.occurredAt },
      now,
    );
    return { receipt, claimToken: signed.token, claimTokenExpiresAt: signed.expiresAt, terminal };
  }

  /**
   * The receipt of an active transaction-QR token.
   *
   * @throws NotFoundError `unknown_token`, `token_expired`, `token_claimed`, `token_revoked` or `transaction_deleted`.
   */
  async transactionQrReceipt(claimToken: string): Promise<TransactionQrReceipt> {
    const row = await findQrToken(this.ctx.em, claimToken);
    const unusable = unusableQrToken(row, 'read');
    if (unusable || !row?.transactionId) throw unusable ?? new Error('unreachable');
    const receipt = await this.ctx.em.findOne(Transaction, { id: row.transactionId });
    if (!receipt) throw new NotFoundError('The transaction was deleted.', 'transaction_deleted');
    return { receipt, expiresAt: row.expiresAt };
  }
}
