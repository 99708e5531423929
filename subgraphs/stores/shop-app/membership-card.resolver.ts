import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { MembershipCardConfig, MembershipCardConfigInput } from './membership-card.types.js';

@Resolver(() => MembershipCardConfig)
export class MembershipCardResolver {
  @Query(() => MembershipCardConfig, {
    description: "The shop app's membership card config (public); NOT_FOUND (app_not_found) for an unknown app.",
  })
  appMembershipCardConfig(
    @Arg('shopId', () => String) shopId: string,
    @Ctx() ctx: StoresContext,
  ): Promise<MembershipCardConfig> {
    return ctx.membershipCards.get(shopId);
  }

  @Mutation(() => MembershipCardConfig, {
    description:
      "Replaces the membership card config: the operator, or a business token (store.info.write) of the app's business; another business's app is NOT_FOUND (app_not_found).",
  })
  setMembershipCardConfig(
    @Arg('shopId', () => String) shopId: string,
    @Arg('input', () => MembershipCardConfigInput) input: MembershipCardConfigInput,
    @Ctx() ctx: StoresContext,
  ): Promise<MembershipCardConfig> {
    return ctx.membershipCards.set(shopId, input);
  }
}
