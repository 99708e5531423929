import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { ApplePassService } from './apple/apple-pass.service.js';
import { AppleWebService } from './apple/apple-web-service.service.js';
import { keyedLoader } from '../kernel/loaders.js';
import { findShopsByAppId, type WalletShop } from './customer/customer-access.js';
import { Customer } from './customer/customer.entity.js';
import { CustomerService } from './customer/customer.service.js';
import { NotificationToken } from './notification-token/notification-token.entity.js';
import { NotificationTokenService } from './notification-token/notification-token.service.js';
import { WalletPass } from './wallet-pass/wallet-pass.entity.js';
import { WalletPassService } from './wallet-pass/wallet-pass.service.js';
import { GoogleWalletService } from './google/google-wallet.service.js';
import { productionPushTransport } from './push/production-push-transport.js';
import { WalletPushService } from './push/wallet-push.service.js';

/** The wallet subgraph's per-request context: loaders and services bound to this request. */
export interface WalletContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly customers: CustomerService;
  readonly applePasses: ApplePassService;
  readonly appleWebService: AppleWebService;
  readonly notificationTokens: NotificationTokenService;
  readonly walletPasses: WalletPassService;
  readonly googleWallet: GoogleWalletService;
  readonly walletPush: WalletPushService;
}

function createLoaders(ctx: BaseContext) {
  return {
    customerById: keyedLoader<string, Customer>(
      (ids) => ctx.em.find(Customer, { id: { $in: ids.filter(isUuid) } }),
      (c) => c.id,
    ),
    /** Shop apps of customers (their shopId and membership card), by shop_app.id. */
    shopByAppId: keyedLoader<string, WalletShop>(
      (ids) => findShopsByAppId(ctx, ids),
      (s) => s.shopAppId,
    ),
    notificationTokenById: keyedLoader<string, NotificationToken>(
      (ids) => ctx.em.find(NotificationToken, { id: { $in: ids.filter(isUuid) } }),
      (t) => t.id,
    ),
    walletPassById: keyedLoader<string, WalletPass>(
      (ids) => ctx.em.find(WalletPass, { id: { $in: ids.filter(isUuid) } }),
      (p) => p.id,
    ),
  };
}

export function createWalletContext(base: BaseContext): WalletContext {
  return {
    ...base,
    loaders: createLoaders(base),
    customers: new CustomerService(base),
    applePasses: new ApplePassService(base),
    appleWebService: new AppleWebService(base),
    notificationTokens: new NotificationTokenService(base),
    walletPasses: new WalletPassService(base),
    googleWallet: new GoogleWalletService(base),
    walletPush: new WalletPushService(base, productionPushTransport(base.env.wallet)),
  };
}
