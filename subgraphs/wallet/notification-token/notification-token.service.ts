import type { BaseContext } from '../../kernel/context.js';
import { Customer } from '../customer/customer.entity.js';
import {
  customerNotFound,
  findCustomerForCaller,
  findShop,
  requireCustomerForCaller,
} from '../customer/customer-access.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import { validateToken, type TokenAddress } from './notification-token.channels.js';
import { NotificationToken } from './notification-token.entity.js';
import type { RegisterNotificationTokenInput, UnregisterNotificationTokenInput } from './notification-token.input.js';
import { registerToken, unregisterToken } from './notification-token.store.js';
import type { NotificationTokenRegistration } from './notification-token.types.js';

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

  /**
   * Registers the push token of (customer, channel, device): a new triple is stored (`created: true`);
   * a known one gets the new token and `lastSeenAt` bumped (`created: false`). One statement, so
   * concurrent registrations of one triple leave one row.
   *
   * @throws BadUserInputError `validation_failed` before anything is read; NotFoundError `customer_not_found`
   */
  async register(shopId: string, input: RegisterNotificationTokenInput): Promise<NotificationTokenRegistration> {
    const channel = validateToken(input, this.ctx.principal.kind !== 'user');
    const customer = await this.customerOfCaller(shopId, input);
    const saved = await registerToken(this.ctx.em, this.ctx.env, {
      customerId: customer.id,
      channel,
      deviceId: input.deviceId,
      pushToken: input.token,
    });
    const token = await this.ctx.em.findOneOrFail(NotificationToken, saved.id, { refresh: true });
    return { token, created: saved.created };
  }

  /**
   * Removes the token of (customer, channel, device), so nothing is sent to it any more; answers
   * whether there was one (either way the device has no token there afterwards).
   *
   * @throws BadUserInputError `validation_failed`; NotFoundError `customer_not_found`
   */
  async unregister(shopId: string, input: UnregisterNotificationTokenInput): Promise<boolean> {
    const channel = validateToken(input, this.ctx.principal.kind !== 'user');
    const customer = await this.customerOfCaller(shopId, input);
    return unregisterToken(this.ctx.em, { customerId: customer.id, channel, deviceId: input.deviceId });
  }

  /**
   * The customer a token call is about: `customerId` when the caller may act on it, else (a user
   * token without `customerId`) the caller's own customer at the shop. A user with no membership at
   * the shop is not made a member here: that is `customer_not_found` too.
   */
  private async customerOfCaller(shopId: string, input: TokenAddress): Promise<Customer> {
    if (input.customerId) return (await requireCustomerForCaller(this.ctx, shopId, input.customerId)).customer;
    const { principal } = this.ctx;
    if (principal.kind !== 'user') throw customerNotFound(); // validateToken requires customerId of these
    const shop = await findShop(this.ctx, shopId);
    const customer =
      shop && (await this.ctx.em.findOne(Customer, { shopAppId: shop.shopAppId, userId: principal.userId }));
    if (!customer) throw customerNotFound();
    return customer;
  }
}
