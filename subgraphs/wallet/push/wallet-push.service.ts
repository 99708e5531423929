/** Wallet push on request (`pushWalletPass`): the customer's points and rank to every pass of theirs. */
import type { BaseContext } from '../../kernel/context.js';
import { requireCustomerForCaller } from '../customer/customer-access.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import type { WalletPushTransport } from './push-transport.js';
import { planPush, recordPush, sendPush, type WalletPushCounts } from './wallet-push.js';

export class WalletPushService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly transport: WalletPushTransport,
  ) {}

  /** 404 `customer_not_found` for a customer the caller may not act on; platforms not configured are skipped. */
  async push(args: ShopCustomerArgs): Promise<WalletPushCounts> {
    const { customer, shop } = await requireCustomerForCaller(this.ctx, args.shopId, args.customerId);
    // Stamped with the time before reading: a change while the push is under way stays stale for the job.
    const startedAt = new Date();
    const plan = await planPush(this.ctx.em, this.ctx.env, customer, shop);
    const result = await sendPush(this.transport, plan);
    return recordPush(this.ctx.em, result, startedAt);
  }
}
