import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';
import { WalletPass } from './wallet-pass.entity.js';

@Resolver(() => WalletPass)
export class WalletPassResolver {
  @Query(() => [WalletPass], {
    description:
      'Wallet passes of a customer in a shop, oldest first. The customer’s own user token (any scope), a business token of ' +
      'the shop app’s business with store.customers.read, or the operator; an empty list for a customer the caller may not see.',
  })
  walletPasses(@Args(() => ShopCustomerArgs) args: ShopCustomerArgs, @Ctx() ctx: WalletContext): Promise<WalletPass[]> {
    return ctx.walletPasses.listForCustomer(args);
  }
}
