import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { NotFoundError } from '../../kernel/errors.js';
import type { ReceiptsContext } from '../context.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { ClaimChannel, LastReceipt, TransactionQrReceipt } from './claim.types.js';
import { ReceiptClaim } from './receipt-claim.entity.js';

@Resolver(() => ReceiptClaim)
export class ClaimResolver {
  @Query(() => LastReceipt, {
    description:
      "The terminal's latest receipt and a claim token for it. NOT_FOUND: terminal_not_found, no_transaction, receipt_expired (over 10 minutes old), receipt_claimed (claimed, and the terminal allows one claim).",
  })
  lastReceipt(
    @Arg('publicTerminalId', () => String) publicTerminalId: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<LastReceipt> {
    return ctx.receipts.lastReceipt(publicTerminalId);
  }

  @Query(() => TransactionQrReceipt, {
    description:
      'The receipt of an active transaction-QR token. NOT_FOUND: unknown_token, token_expired, token_claimed, token_revoked, transaction_deleted.',
  })
  transactionQrReceipt(
    @Arg('claimToken', () => String) claimToken: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<TransactionQrReceipt> {
    return ctx.receipts.transactionQrReceipt(claimToken);
  }

  @Mutation(() => ReceiptClaim, {
    description:
      "Claims a terminal's receipt with the claim token from lastReceipt; a user token attaches the receipt to that user, none claims anonymously. UNAUTHENTICATED invalid_claim_token; NOT_FOUND terminal_not_found, receipt_not_claimable; CONFLICT receipt_already_claimed.",
  })
  claimTerminalReceipt(
    @Arg('publicTerminalId', () => String) publicTerminalId: string,
    @Arg('claimToken', () => String, { nullable: true }) claimToken: string | null,
    @Arg('channel', () => ClaimChannel, { nullable: true }) channel: ClaimChannel | null,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<ReceiptClaim> {
    return ctx.claims.claimTerminalReceipt(publicTerminalId, claimToken, channel ?? null);
  }

  @Mutation(() => ReceiptClaim, {
    description:
      'Claims the receipt of a transaction-QR token (single use); a user token attaches it. NOT_FOUND unknown_token, token_expired, token_revoked, transaction_deleted; CONFLICT token_already_claimed.',
  })
  claimTransactionQr(
    @Arg('claimToken', () => String) claimToken: string,
    @Arg('channel', () => ClaimChannel, { nullable: true }) channel: ClaimChannel | null,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<ReceiptClaim> {
    return ctx.claims.claimTransactionQr(claimToken, channel ?? null);
  }

  @FieldResolver(() => Boolean, { description: "Whether the claim attached the receipt to the caller's account." })
  claimedByUser(@Root() claim: ReceiptClaim): boolean {
    return claim.userId !== null && claim.userId !== undefined;
  }

  @FieldResolver(() => Transaction, { description: 'The claimed receipt.' })
  async receipt(@Root() claim: ReceiptClaim, @Ctx() ctx: ReceiptsContext): Promise<Transaction> {
    const receipt =
      claim.receipt ?? (claim.transactionId ? await ctx.loaders.transactionById.load(claim.transactionId) : null);
    if (!receipt) throw new NotFoundError('The transaction was deleted.', 'transaction_deleted');
    return receipt;
  }
}
