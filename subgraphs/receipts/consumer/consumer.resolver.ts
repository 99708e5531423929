import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { requireUserScope } from '../../kernel/auth/access.js';
import { NotFoundError } from '../../kernel/errors.js';
import type { ReceiptsContext } from '../context.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { MonthlySpending, UserReceipt, UserReceiptPage } from './consumer.types.js';

@Resolver(() => UserReceipt)
export class ConsumerReceiptsResolver {
  @Query(() => UserReceiptPage, {
    description:
      'The receipts the signed-in user claimed, newest claim first. User token with user.receipts.read. `first` defaults to 20, ' +
      'values above 100 are clamped, below 1 are BAD_USER_INPUT; `after` is the previous page’s nextCursor.',
  })
  myReceipts(
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The previous page’s nextCursor.' })
    after: string | null,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<UserReceiptPage> {
    const { userId } = requireUserScope(ctx.principal, 'user.receipts.read');
    return ctx.consumer.receipts(userId, first, after);
  }

  @Query(() => MonthlySpending, {
    description:
      'What the signed-in user spent in a month in Japan (default: the current one), from the receipts they claimed, beside ' +
      'the effective budget. User token with user.spending.read.',
  })
  mySpending(
    @Arg('year', () => Int, { nullable: true, description: 'Year, 2000 to 2100. Default: this year in Japan.' })
    year: number | null,
    @Arg('month', () => Int, { nullable: true, description: 'Month, 1 to 12. Default: this month in Japan.' })
    month: number | null,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<MonthlySpending> {
    const { userId } = requireUserScope(ctx.principal, 'user.spending.read');
    return ctx.consumer.spending(userId, { year: year ?? undefined, month: month ?? undefined });
  }

  @FieldResolver(() => Transaction, { description: 'The receipt.' })
  async receipt(@Root() item: UserReceipt, @Ctx() ctx: ReceiptsContext): Promise<Transaction> {
    const transaction = await ctx.loaders.transactionById.load(item.transactionId);
    // Deleted transactions leave the claim without one, and the page query skips those.
    if (!transaction) throw new NotFoundError('The receipt no longer exists.', 'transaction_deleted');
    return transaction;
  }
}
