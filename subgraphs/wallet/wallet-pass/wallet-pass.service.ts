import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import { WalletPass } from './wallet-pass.entity.js';

/** Wallet passes: reads for now; issuing passes and wallet push arrive with the wallet issue. */
export class WalletPassService {
  constructor(private readonly ctx: BaseContext) {}

  /** The passes of one customer in one shop, oldest first. Operators only for now. */
  async listForCustomer(args: ShopCustomerArgs): Promise<WalletPass[]> {
    requireOperator(this.ctx.principal);
    if (!isUuid(args.customerId)) return [];
    return this.ctx.em.find(
      WalletPass,
      { shopId: args.shopId, customerId: args.customerId },
      { orderBy: { id: 'asc' } },
    );
  }
}
