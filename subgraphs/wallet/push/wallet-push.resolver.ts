import { Args, Ctx, Field, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';

@ObjectType('WalletPushResponse', { description: 'What a wallet push sent.' })
export class WalletPushResponse {
  @Field(() => Int, { description: 'Updates accepted: apple + google.' })
  updates!: number;

  @Field(() => Int, { description: 'Apple Wallet devices APNs accepted a pass update push for.' })
  apple!: number;

  @Field(() => Int, { description: 'Google Wallet cards the Wallet API updated (0 or 1).' })
  google!: number;
}

@Resolver()
export class WalletPushResolver {
  @Mutation(() => WalletPushResponse, {
    description:
      "Pushes the customer's points and rank to every pass of theirs: APNs to each registered Apple Wallet device, " +
      'the Wallet API to their Google card. A platform not configured here is skipped. NOT_FOUND customer_not_found.',
  })
  pushWalletPass(
    @Args(() => ShopCustomerArgs) args: ShopCustomerArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<WalletPushResponse> {
    return ctx.walletPush.push(args);
  }
}
