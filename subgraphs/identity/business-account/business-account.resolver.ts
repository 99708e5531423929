import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { BusinessAccount } from './business-account.entity.js';
import { CreateBusinessAccountInput } from './business-account.input.js';

@Resolver(() => BusinessAccount)
export class BusinessAccountResolver {
  @Mutation(() => BusinessAccount, { description: 'Creates a business account. Operator only.' })
  createBusinessAccount(
    @Arg('input', () => CreateBusinessAccountInput) input: CreateBusinessAccountInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<BusinessAccount> {
    return ctx.businessAccounts.create(input);
  }
}
