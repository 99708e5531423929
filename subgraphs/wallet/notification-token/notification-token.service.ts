import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import { NotificationToken } from './notification-token.entity.js';

/** Notification tokens: reads for now; register and unregister arrive with the wallet issue. */
export class NotificationTokenService {
  constructor(private readonly ctx: BaseContext) {}

  /** The tokens of one customer in one shop, most recently seen first. Operators only for now. */
  async listForCustomer(args: ShopCustomerArgs): Promise<NotificationToken[]> {
    requireOperator(this.ctx.principal);
    if (!isUuid(args.customerId)) return [];
    return this.ctx.em.find(
      NotificationToken,
      { shopId: args.shopId, customerId: args.customerId },
      { orderBy: { lastSeenAt: 'desc', id: 'asc' } },
    );
  }
}
