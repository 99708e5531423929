import type { BaseContext } from '../../kernel/context.js';
import { findCustomerForCaller } from '../customer/customer-access.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import { NotificationToken } from './notification-token.entity.js';

/** Notification tokens of customers' devices. */
export class NotificationTokenService {
  constructor(private readonly ctx: BaseContext) {}

  /** The tokens of one customer of one shop app, most recently seen first; empty when the caller may not see the customer. */
  async listForCustomer(args: ShopCustomerArgs): Promise<NotificationToken[]> {
    const found = await findCustomerForCaller(this.ctx, args.shopId, args.customerId);
    if (!found) return [];
    return this.ctx.em.find(
      NotificationToken,
      { customerId: found.customer.id },
      { orderBy: { lastSeenAt: 'desc', id: 'asc' } },
    );
  }
}
