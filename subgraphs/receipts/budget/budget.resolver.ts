import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUserScope } from '../../kernel/auth/access.js';
import type { ReceiptsContext } from '../context.js';
import { BudgetInput, EffectiveBudget } from './budget.types.js';

@Resolver(() => EffectiveBudget)
export class BudgetResolver {
  @Query(() => EffectiveBudget, {
    description:
      'The effective budget of a month of the signed-in user (default: the current month in Japan, Asia/Tokyo). ' +
      'User token with user.spending.read; BAD_USER_INPUT (validation_failed) for a year outside 2000 to 2100 or a month outside 1 to 12.',
  })
  myBudget(
    @Arg('year', () => Int, { nullable: true, description: 'Year, 2000 to 2100. Default: this year in Japan.' })
    year: number | null | undefined,
    @Arg('month', () => Int, { nullable: true, description: 'Month, 1 to 12. Default: this month in Japan.' })
    month: number | null | undefined,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<EffectiveBudget> {
    const { userId } = requireUserScope(ctx.principal, 'user.spending.read');
    return ctx.budgets.effective(userId, { year: year ?? undefined, month: month ?? undefined });
  }

  @Mutation(() => EffectiveBudget, {
    description:
      'Sets the budget of one month of the signed-in user (replacing one set before); later months without their own ' +
      'budget inherit it. User token with user.spending.write; BAD_USER_INPUT (validation_failed) naming each invalid field.',
  })
  setMyBudget(
    @Arg('input', () => BudgetInput) input: BudgetInput,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<EffectiveBudget> {
    const { userId } = requireUserScope(ctx.principal, 'user.spending.write');
    return ctx.budgets.set(userId, input);
  }
}
