import { Args, Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';

@ObjectType('GoogleSaveResponse', { description: 'A Google Wallet save link of a customer card (mobile-b).' })
export class GoogleSaveResponse {
  @Field(() => String, {
    description: 'https://pay.google.com/gp/v/save/<JWT>: the client navigates to it to add the card to Google Wallet.',
  })
  saveUrl!: string;
}

@Resolver()
export class GoogleWalletResolver {
  @Query(() => GoogleSaveResponse, {
    description:
      "mobile-b: a Google Wallet save link of the customer's card (creates its pass on first issue). " +
      'NOT_FOUND customer_not_found; UNAVAILABLE wallet_not_configured without Google material.',
  })
  googleWalletSaveUrl(
    @Args(() => ShopCustomerArgs) args: ShopCustomerArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<GoogleSaveResponse> {
    return ctx.googleWallet.saveUrl(args);
  }
}
