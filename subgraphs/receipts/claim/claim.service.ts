import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../kernel/errors.js';
import { queueReceiptEvent } from '../receipt-events.js';
import { Terminal } from '../terminal/terminal.entity.js';
import type { TerminalService } from '../terminal/terminal.service.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { verifyClaimToken } from './claim-token.js';
import type { ClaimChannel } from './claim.types.js';
import { ReceiptClaim, type ClaimKind } from './receipt-claim.entity.js';
import { findQrToken, tokenDigest, unusableQrToken } from './transaction-qr.js';

const alreadyClaimed = () => new ConflictError('This receipt has already been claimed.', 'receipt_already_claimed');

interface ClaimFacts {
  readonly kind: ClaimKind;
  readonly tokenRef: string;
  readonly channel: ClaimChannel | null;
  readonly terminal: Pick<Terminal, 'publicTerminalId'>;
}

/**
 * Claims of receipts. Each is decided by one conditional UPDATE (the row lock serialises concurrent
 * claims and the loser's WHERE no longer matches) and the unique (transaction, user) index, never by
 * a read-then-write; the audit row and `receipt.claimed` are written in the same transaction.
 */
export class ClaimService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly terminals: TerminalService,
  ) {}

  /** The user a claim attaches to: a user token's, none without a token; a token that failed is a 401. */
  private claimant(): string | null {
    const principal = this.ctx.principal;
    if (principal.kind === 'anonymous' && principal.invalidToken)
      throw new UnauthenticatedError('The access token is invalid, expired or revoked.', 'invalid_token');
    // Only a consumer owns receipts; an operator or business token claims anonymously.
    return principal.kind === 'user' ? principal.userId : null;
  }

  /**
   * Claims a terminal's receipt with the claim token from lastReceipt.
   *
   * @throws UnauthenticatedError `invalid_claim_token`; NotFoundError `terminal_not_found` or
   *   `receipt_not_claimable`; ConflictError `receipt_already_claimed`.
   */
  async claimTerminalReceipt(
    publicTerminalId: string,
    claimToken: string | null | undefined,
    channel: ClaimChannel | null,
  ): Promise<ReceiptClaim> {
    const userId = this.claimant();
    const terminal = await this.terminals.getByPublicId(publicTerminalId);
    const claim = await verifyClaimToken(this.ctx.env, claimToken, terminal.publicTerminalId);
    const found = isUuid(claim.transactionId)
      ? await this.ctx.em.findOne(Transaction, { id: claim.transactionId, terminalId: terminal.id })
      : null;
    if (!found) throw new NotFoundError('The receipt of this claim token no longer exists.', 'receipt_not_claimable');
    const facts = { kind: 'terminal', tokenRef: claim.jti, channel, terminal } as const;
    return this.inTransaction(async (em) => {
      // Claimable while unclaimed, or always when the terminal allows several claims: decided here, atomically.
      const counted = await this.countClaim(
        em,
        found.id,
        `("claim_count" = 0 or (select "allow_multiple_claims" from "terminal" where "id" = "transaction"."terminal_id"))`,
      );
      if (!counted) throw alreadyClaimed();
      // Read again after the UPDATE, so the answer shows the new claim count.
      const transaction = await em.findOneOrFail(Transaction, { id: found.id }, { refresh: true });
      return this.recordClaim(em, transaction, userId, facts);
    });
  }

  /**
   * Claims the receipt of a transaction-QR token (single use).
   *
   * @throws NotFoundError `unknown_token`, `token_expired`, `token_revoked` or `transaction_deleted`;
   *   ConflictError `token_already_claimed` (or `receipt_already_claimed` when the user holds it already).
   */
  async claimTransactionQr(claimToken: string, channel: ClaimChannel | null): Promise<ReceiptClaim> {
    const userId = this.claimant();
    return this.inTransaction(async (em) => {
      const rows = await em.execute<{ id: string; transaction_id: string }[]>(
        `update "transaction_qr_token" set "claimed_at" = now(), "updated_at" = now()
         where "token_hash" = ? and "claimed_at" is null and "revoked_at" is null
           and "expires_at" > now() and "transaction_id" is not null
         returning "id", "transaction_id"`,
        [tokenDigest(claimToken)],
      );
      const used = rows[0];
      if (!used) throw unusableQrToken(await findQrToken(em, claimToken), 'claim') ?? alreadyClaimed();
      await this.countClaim(em, used.transaction_id, 'true');
      const transaction = await em.findOneOrFail(Transaction, { id: used.transaction_id }, { refresh: true });
      const terminal = await em.findOneOrFail(Terminal, { id: transaction.terminalId });
      return this.recordClaim(em, transaction, userId, {
        kind: 'transaction_qr',
        tokenRef: used.id,
        channel,
        terminal,
      });
    });
  }

  /** Runs a claim in one transaction; a second claim by the same user is the unique index's 409. */
  private inTransaction(claim: (em: EntityManager) => Promise<ReceiptClaim>): Promise<ReceiptClaim> {
    return withConstraintErrors({ unique: alreadyClaimed }, () => this.ctx.em.transactional(claim));
  }

  /** Raises the transaction's claim count when `condition` holds; whether it did. */
  private async countClaim(em: EntityManager, transactionId: string, condition: string): Promise<boolean> {
    const rows = await em.execute<{ claim_count: number }[]>(
      `update "transaction" set "claim_count" = "claim_count" + 1, "updated_at" = now() where "id" = ? and ${condition} returning "claim_count"`,
      [transactionId],
    );
    return rows.length === 1;
  }

  /** The audit row (also the user's link to the receipt) and `receipt.claimed`, flushed with the transaction. */
  private async recordClaim(
    em: EntityManager,
    transaction: Transaction,
    userId: string | null,
    facts: ClaimFacts,
  ): Promise<ReceiptClaim> {
    const claim = em.create(ReceiptClaim, {
      transactionId: transaction.id,
      kind: facts.kind,
      channel: facts.channel,
      userId,
      tokenRef: facts.tokenRef,
      clientIp: this.ctx.clientIp ?? null,
      claimedAt: new Date(),
    });
    claim.receipt = transaction;
    await queueReceiptEvent(em, 'receipt.claimed', transaction, facts.terminal, {
      claimId: claim.id,
      kind: facts.kind,
      channel: facts.channel,
      claimedByUser: userId !== null,
    });
    await em.flush();
    return claim;
  }
}
