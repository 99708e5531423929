import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { Terminal } from '../terminal/terminal.entity.js';
import type { TerminalService } from '../terminal/terminal.service.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { verifyClaimToken } from './claim-token.js';
import type { ClaimChannel } from './claim.types.js';
import { ReceiptClaim, type ClaimKind } from './receipt-claim.entity.js';
import { findQrToken, tokenDigest, unusableQrToken } from './transaction-qr.js';

const alreadyClaimed = () => new ConflictError('This receipt has already been claimed.', 'receipt_already_claimed');
/** The same reason as {@link alreadyClaimed}, said to the user who holds the receipt: it is theirs, not taken. */
const alreadyYours = () => new ConflictError('This receipt is already in your receipts.', 'receipt_already_claimed');

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
   * Claims a terminal's receipt with the claim token from lastReceipt. The hot path is one statement
   * ({@link CLAIM_STATEMENT}); only a claim that did not count looks up why (which terminal, which
   * transaction), so the answers stay those of a read-then-write without its round trips.
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
    // An unknown terminal is a 404 before a bad token's 401: the lookup runs only when the token fails.
    const claim = await verifyClaimToken(this.ctx.env, claimToken, publicTerminalId).catch(async (error: unknown) => {
      await this.terminals.getByPublicId(publicTerminalId);
      throw error;
    });
    const claimed = isUuid(claim.transactionId)
      ? await withConstraintErrors({ unique: alreadyYours }, () =>
          this.writeClaim(this.ctx.em, claim.transactionId, publicTerminalId, userId, {
            kind: 'terminal',
            tokenRef: claim.jti,
            channel,
            condition: `("claim_count" = 0 or (select "allow_multiple_claims" from "at_terminal"))`,
          }),
        )
      : null;
    if (claimed) return claimed;
    const terminal = await this.terminals.getByPublicId(publicTerminalId);
    const exists =
      isUuid(claim.transactionId) &&
      (await this.ctx.em.count(Transaction, { id: claim.transactionId, terminalId: terminal.id })) > 0;
    if (!exists) throw new NotFoundError('The receipt of this claim token no longer exists.', 'receipt_not_claimable');
    const holdsIt =
      userId !== null && (await this.ctx.em.count(ReceiptClaim, { transactionId: claim.transactionId, userId })) > 0;
    throw holdsIt ? alreadyYours() : alreadyClaimed();
  }

  /**
   * Claims the receipt of a transaction-QR token (single use).
   *
   * @throws NotFoundError `unknown_token`, `token_expired`, `token_revoked` or `transaction_deleted`;
   *   ConflictError `token_already_claimed` (or `receipt_already_claimed` when the user holds it already).
   */
  async claimTransactionQr(claimToken: string, channel: ClaimChannel | null): Promise<ReceiptClaim> {
    const userId = this.claimant();
    const claimed = await withConstraintErrors({ unique: alreadyYours }, () =>
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
        // A transaction-QR token is single use, but the receipt may also have been claimed at its terminal.
        return this.writeClaim(em, used.transaction_id, null, userId, {
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
   * Counts the claim on transaction `transactionId` when it was made at terminal `publicTerminalId`
   * (any terminal: null) and `facts.condition` holds, and then writes the audit row and
   * `receipt.claimed`, in one statement; the claim, with the transaction as it left it and its terminal
   * in the identity map, or null when it did not count (nothing written).
   */
  private async writeClaim(
    em: EntityManager,
    transactionId: string,
    publicTerminalId: string | null,
    userId: string | null,
    facts: ClaimFacts,
  ): Promise<ReceiptClaim | null> {
    const claim = Object.assign(new ReceiptClaim(), {
      transactionId,
      kind: facts.kind,
      channel: facts.channel,
      userId,
      tokenRef: facts.tokenRef,
      clientIp: this.ctx.clientIp ?? null,
      claimedAt: new Date(),
    });
    // The rest of the payload (the sale's facts and the terminal) comes from the rows the statement claims.
    const claimFacts = { claimId: claim.id, kind: facts.kind, channel: facts.channel, claimedByUser: userId !== null };
    const at = claim.claimedAt;
    const terminalParams = publicTerminalId === null ? [transactionId] : [publicTerminalId];
    const rows = await em.execute<Record<string, unknown>[]>(
      claimStatement(em, publicTerminalId === null ? TERMINAL_OF_TRANSACTION : TERMINAL_BY_PUBLIC_ID, facts.condition),
      [
        ...terminalParams,
        transactionId,
        ...[claim.id, at, at, claim.kind, claim.channel, claim.userId, claim.tokenRef, claim.clientIp, at],
        ...[uuidv7(), at, at, at, JSON.stringify(claimFacts)],
      ],
    );
    const row = rows[0];
    if (!row) return null;
    const { transaction, terminal } = splitClaimRow(row);
    // The terminal and the transaction as the UPDATE left it (the new claim count), in the identity map.
    em.map(Terminal, terminal);
    claim.receipt = em.map(Transaction, transaction);
    return claim;
  }
}

const TERMINAL_PREFIX = 'terminal__';
let terminalColumns: readonly string[] | undefined;

/** The terminal entity's columns, answered with the claim under TERMINAL_PREFIX (read once from the metadata). */
function terminalColumnsOf(em: EntityManager): readonly string[] {
  terminalColumns ??= em
    .getMetadata()
    .get(Terminal)
    .props.filter((prop) => prop.persist !== false)
    .flatMap((prop) => prop.fieldNames ?? []);
  return terminalColumns;
}

/** Splits the claim statement's row into the transaction's and the terminal's columns. */
function splitClaimRow(row: Record<string, unknown>) {
  const transaction: Record<string, unknown> = {};
  const terminal: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.startsWith(TERMINAL_PREFIX)) terminal[column.slice(TERMINAL_PREFIX.length)] = value;
    else transaction[column] = value;
  }
  return { transaction, terminal };
}

const statements = new Map<string, string>();

/** {@link CLAIM_STATEMENT} for a terminal selector and a condition, written once. */
function claimStatement(em: EntityManager, terminal: string, condition: string): string {
  const key = `${terminal}\n${condition}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = CLAIM_STATEMENT(terminal, condition, terminalColumnsOf(em));
    statements.set(key, statement);
  }
  return statement;
}

/** Selects the claim's terminal by its public id (the terminal claim). */
const TERMINAL_BY_PUBLIC_ID = `"public_terminal_id" = ?`;
/** Selects the claim's terminal as the transaction's own (the transaction-QR claim). */
const TERMINAL_OF_TRANSACTION = `"id" = (select "terminal_id" from "transaction" where "id" = ?)`;

/** `receipt.claimed`'s sale facts, as receiptEventPayload (receipt-events.ts) writes them, from the claimed row. */
const SALE_FACTS = `jsonb_build_object('transactionId', "claimed"."id", 'storeId', "claimed"."store_id",
  'publicTerminalId', "at_terminal"."public_terminal_id", 'totalAmount', "claimed"."total_amount",
  'currency', "claimed"."currency",
  'occurredAt', to_char("claimed"."occurred_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * The claim as one statement: the conditional UPDATE of the transaction at the selected terminal, then,
 * only when it matched, the audit row and the outbox event (with the store's business account). A
 * violated unique (transaction, user) index fails the whole statement, so nothing is counted either.
 * Answers the claimed transaction's row with its terminal's columns, prefixed (TERMINAL_PREFIX).
 */
const CLAIM_STATEMENT = (terminal: string, condition: string, terminalColumns: readonly string[]) => `
  with "at_terminal" as (
    select * from "terminal" where ${terminal}
  ), "claimed" as (
    update "transaction" set "claim_count" = "claim_count" + 1, "updated_at" = now()
    where "id" = ? and "terminal_id" = (select "id" from "at_terminal") and ${condition}
    returning *
  ), "audit" as (
    insert into "receipt_claim" ("id", "created_at", "updated_at", "transaction_id", "kind", "channel", "user_id",
      "token_ref", "client_ip", "claimed_at")
    select ?, ?, ?, "claimed"."id", ?, ?, ?, ?, ?, ? from "claimed"
  ), "event" as (
    insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
    select ?, ?, ?, 'receipt.claimed', (select "business_account_id" from "store" where "store"."id" = "claimed"."store_id"),
      ?, ${SALE_FACTS} || cast(? as jsonb) from "claimed", "at_terminal"
  )
  select "claimed".*, ${terminalColumns.map((c) => `"at_terminal"."${c}" as "${TERMINAL_PREFIX}${c}"`).join(', ')}
  from "claimed", "at_terminal"`;
