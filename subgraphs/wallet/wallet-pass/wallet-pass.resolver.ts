import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';
import { WalletPass } from './wallet-pass.entity.js';

@Resolver(() => WalletPass)
export class WalletPassResolver {
  @Query(() => [WalletPass], { description: 'Wallet passes of a customer in a shop. Operator only for now.' })
  walletPasses(@Args(() => ShopCustomerArgs) args: ShopCustomerArgs, @Ctx() ctx: WalletContext): Promise<WalletPass[]> {
    return ctx.walletPasses.listForCustomer(args);
  }
}
