import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';
import { NotificationToken } from './notification-token.entity.js';

@Resolver(() => NotificationToken)
export class NotificationTokenResolver {
  @Query(() => [NotificationToken], {
    description: 'Notification tokens of a customer in a shop, most recent first. Operator only for now.',
  })
  notificationTokens(
    @Args(() => ShopCustomerArgs) args: ShopCustomerArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<NotificationToken[]> {
    return ctx.notificationTokens.listForCustomer(args);
  }
}
