import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { receiptEventPayload } from '../receipt-events.js';
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
  /** The SQL condition on the transaction row under which this claim counts. */
  readonly condition: string;
}

/**
 * Claims of receipts. Each is decided by one conditional UPDATE (the row lock serialises concurrent
 * claims and the loser's WHERE no longer matches) and the unique (transaction, user) index, never by
 * a read-then-write. The UPDATE, the audit row and `receipt.claimed` are one statement
 * ({@link CLAIM_STATEMENT}): atomic on its own, and one round trip on the hot path of a busy till.
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
    // Claimable while unclaimed, or always when the terminal allows several claims: decided in the UPDATE.
    const claimed = await withConstraintErrors({ unique: alreadyClaimed }, () =>
      this.writeClaim(this.ctx.em, found, terminal, userId, {
        kind: 'terminal',
        tokenRef: claim.jti,
        channel,
        condition: `("claim_count" = 0 or (select "allow_multiple_claims" from "terminal" where "id" = "transaction"."terminal_id"))`,
      }),
    );
    if (!claimed) throw alreadyClaimed();
    return claimed;
  }

  /**
   * Claims the receipt of a transaction-QR token (single use).
   *
   * @throws NotFoundError `unknown_token`, `token_expired`, `token_revoked` or `transaction_deleted`;
   *   ConflictError `token_already_claimed` (or `receipt_already_claimed` when the user holds it already).
   */
  async claimTransactionQr(claimToken: string, channel: ClaimChannel | null): Promise<ReceiptClaim> {
    const userId = this.claimant();
    const claimed = await withConstraintErrors({ unique: alreadyClaimed }, () =>
      this.ctx.em.transactional(async (em) => {
        const rows = await em.execute<{ id: string; transaction_id: string }[]>(
          `update "transaction_qr_token" set "claimed_at" = now(), "updated_at" = now()
           where "token_hash" = ? and "claimed_at" is null and "revoked_at" is null
             and "expires_at" > now() and "transaction_id" is not null
           returning "id", "transaction_id"`,
          [tokenDigest(claimToken)],
        );
        const used = rows[0];
        if (!used) throw unusableQrToken(await findQrToken(em, claimToken), 'claim') ?? alreadyClaimed();
        const transaction = await em.findOneOrFail(Transaction, { id: used.transaction_id });
        const terminal = await em.findOneOrFail(Terminal, { id: transaction.terminalId });
        // A transaction-QR token is single use, but the receipt may also have been claimed at its terminal.
        return this.writeClaim(em, transaction, terminal, userId, {
          kind: 'transaction_qr',
          tokenRef: used.id,
          channel,
          condition: 'true',
        });
      }),
    );
    if (!claimed) throw alreadyClaimed();
    return claimed;
  }

  /**
   * Counts the claim on the transaction when `facts.condition` holds, and then writes the audit row and
   * `receipt.claimed`, in one statement; the claim, with the transaction as it left it, or null when
   * the condition did not hold (nothing written).
   */
  private async writeClaim(
    em: EntityManager,
    transaction: Transaction,
    terminal: Pick<Terminal, 'publicTerminalId'>,
    userId: string | null,
    facts: ClaimFacts,
  ): Promise<ReceiptClaim | null> {
    const claim = Object.assign(new ReceiptClaim(), {
      transactionId: transaction.id,
      kind: facts.kind,
      channel: facts.channel,
      userId,
      tokenRef: facts.tokenRef,
      clientIp: this.ctx.clientIp ?? null,
      claimedAt: new Date(),
    });
    const payload = receiptEventPayload(transaction, terminal, {
      claimId: claim.id,
      kind: facts.kind,
      channel: facts.channel,
      claimedByUser: userId !== null,
    });
    const at = claim.claimedAt;
    const rows = await em.execute<Record<string, unknown>[]>(CLAIM_STATEMENT(facts.condition), [
      transaction.id,
      ...[claim.id, at, at, claim.kind, claim.channel, claim.userId, claim.tokenRef, claim.clientIp, at],
      ...[uuidv7(), at, at, at, JSON.stringify(payload)],
    ]);
    const row = rows[0];
    if (!row) return null;
    // The transaction as the UPDATE left it (the new claim count), refreshed in the identity map.
    claim.receipt = em.map(Transaction, row);
    return claim;
  }
}

/**
 * The claim as one statement: the conditional UPDATE of the transaction, then, only when it matched,
 * the audit row and the outbox event (with the store's business account). A violated unique
 * (transaction, user) index fails the whole statement, so nothing is counted either.
 */
const CLAIM_STATEMENT = (condition: string) => `
  with "claimed" as (
    update "transaction" set "claim_count" = "claim_count" + 1, "updated_at" = now()
    where "id" = ? and ${condition}
    returning *
  ), "audit" as (
    insert into "receipt_claim" ("id", "created_at", "updated_at", "transaction_id", "kind", "channel", "user_id",
      "token_ref", "client_ip", "claimed_at")
    select ?, ?, ?, "claimed"."id", ?, ?, ?, ?, ?, ? from "claimed"
  ), "event" as (
    insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
    select ?, ?, ?, 'receipt.claimed', (select "business_account_id" from "store" where "store"."id" = "claimed"."store_id"),
      ?, cast(? as jsonb) from "claimed"
  )
  select * from "claimed"`;
