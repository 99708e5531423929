import type { BaseContext } from '../../kernel/context.js';
import { findCustomerForCaller } from '../customer/customer-access.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import { WalletPass } from './wallet-pass.entity.js';

/** Wallet passes of customers. */
export class WalletPassService {
  constructor(private readonly ctx: BaseContext) {}

  /** The passes of one customer of one shop app, oldest first; empty when the caller may not see the customer. */
  async listForCustomer(args: ShopCustomerArgs): Promise<WalletPass[]> {
    const found = await findCustomerForCaller(this.ctx, args.shopId, args.customerId);
    if (!found) return [];
    return this.ctx.em.find(WalletPass, { customerId: found.customer.id }, { orderBy: { id: 'asc' } });
  }
}
