import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { BusinessAccount } from './business-account.entity.js';
import { CreateBusinessAccountInput } from './business-account.input.js';
import { OwnerInvitation } from './owner-invitation.entity.js';

@Resolver(() => BusinessAccount)
export class BusinessAccountResolver {
  @Mutation(() => BusinessAccount, {
    description: 'Creates a business account and mails an owner invitation to ownerEmail. Operator only.',
  })
  createBusinessAccount(
    @Arg('input', () => CreateBusinessAccountInput) input: CreateBusinessAccountInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<BusinessAccount> {
    return ctx.businessAccounts.create(input);
  }

  @FieldResolver(() => [OwnerInvitation], { description: 'Its owner invitations, newest first. Operator only.' })
  ownerInvitations(@Root() account: BusinessAccount, @Ctx() ctx: IdentityContext): Promise<OwnerInvitation[]> {
    return ctx.businessAccounts.ownerInvitations(account);
  }
}
