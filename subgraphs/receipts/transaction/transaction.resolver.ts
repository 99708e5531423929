import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { NotFoundError } from '../../kernel/errors.js';
import type { ReceiptsContext } from '../context.js';
import { StoreRef } from '../store.types.js';
import { Terminal } from '../terminal/terminal.entity.js';
import { RecordedTransaction } from '../claim/claim.types.js';
import { Transaction } from './transaction.entity.js';
import { RecordTransactionInput } from './transaction.input.js';

@Resolver(() => Transaction)
export class TransactionResolver {
  @Mutation(() => RecordedTransaction, {
    description:
      "Records a sale at a terminal and issues its transaction-QR token (shown once). The operator, or a business token with store.receipts.write whose business owns the terminal's store (another business's terminal is NOT_FOUND terminal_not_found).",
  })
  recordTransaction(
    @Arg('input', () => RecordTransactionInput) input: RecordTransactionInput,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<RecordedTransaction> {
    return ctx.recording.record(input);
  }

  @Mutation(() => Transaction, {
    description:
      "Revokes the transaction's QR token (idempotent). The operator, or a business token with store.receipts.write owning its store; NOT_FOUND transaction_not_found otherwise.",
  })
  revokeTransactionQrToken(
    @Arg('transactionId', () => ID) transactionId: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<Transaction> {
    return ctx.recording.revokeQrToken(transactionId);
  }

  @FieldResolver(() => Terminal, { description: 'The terminal the sale was made at.' })
  async terminal(@Root() transaction: Transaction, @Ctx() ctx: ReceiptsContext): Promise<Terminal> {
    const terminal = await ctx.loaders.terminalById.load(transaction.terminalId);
    // The foreign key makes this unreachable; say so plainly rather than return null for a non-null field.
    if (!terminal) throw new NotFoundError('The terminal of this transaction no longer exists.', 'terminal_not_found');
    return terminal;
  }

  @FieldResolver(() => StoreRef, {
    nullable: true,
    description:
      'The store the sale was made in; null when the caller may not see it (an unlisted store, for anyone but operators and ' +
      'its business: the stores subgraph decides). `storeName` always names it as printed.',
  })
  store(@Root() transaction: Transaction): StoreRef {
    return { id: transaction.storeId };
  }
}
