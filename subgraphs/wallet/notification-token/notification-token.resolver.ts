import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';
import { NotificationToken } from './notification-token.entity.js';
import { RegisterNotificationTokenInput, UnregisterNotificationTokenInput } from './notification-token.input.js';
import { NotificationTokenRegistration } from './notification-token.types.js';

const WHO =
  "The customer's own user token (any scope), a business token of the shop app's business with store.customers.write, or " +
  'the operator. A customer the caller may not act on, of another shop app, or unknown, and an unknown shop app, are ' +
  'NOT_FOUND (customer_not_found); so is a user token without customerId when the user is no customer of the shop app.';

@Resolver(() => NotificationToken)
export class NotificationTokenResolver {
  @Query(() => [NotificationToken], {
    description:
      'Notification tokens of a customer in a shop, most recently seen first. The customer’s own user token (any scope), a ' +
      'business token of the shop app’s business with store.customers.read, or the operator; an empty list for a customer ' +
      'the caller may not see.',
  })
  notificationTokens(
    @Args(() => ShopCustomerArgs) args: ShopCustomerArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<NotificationToken[]> {
    return ctx.notificationTokens.listForCustomer(args);
  }

  @Mutation(() => NotificationTokenRegistration, {
    description:
      'Registers the push token of a customer device on a channel; registering the same (customer, channel, device) again ' +
      `replaces the token and bumps lastSeenAt (one row, also under concurrency). BAD_USER_INPUT (validation_failed) names every invalid field. ${WHO}`,
  })
  registerNotificationToken(
    @Arg('shopId', () => String, { description: 'The shop app, as in /api/v1/apps/{shopId}.' }) shopId: string,
    @Arg('input', () => RegisterNotificationTokenInput) input: RegisterNotificationTokenInput,
    @Ctx() ctx: WalletContext,
  ): Promise<NotificationTokenRegistration> {
    return ctx.notificationTokens.register(shopId, input);
  }

  @Mutation(() => Boolean, {
    description:
      'Removes the push token of a customer device on a channel, so nothing more is sent to it (Apple Wallet pushes too, for ' +
      `channel apple-wallet). Answers whether there was one; removing an absent token is not an error. ${WHO}`,
  })
  unregisterNotificationToken(
    @Arg('shopId', () => String, { description: 'The shop app, as in /api/v1/apps/{shopId}.' }) shopId: string,
    @Arg('input', () => UnregisterNotificationTokenInput) input: UnregisterNotificationTokenInput,
    @Ctx() ctx: WalletContext,
  ): Promise<boolean> {
    return ctx.notificationTokens.unregister(shopId, input);
  }
}
