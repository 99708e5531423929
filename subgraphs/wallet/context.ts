import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { ApplePassService } from './apple/apple-pass.service.js';
import { AppleWebService } from './apple/apple-web-service.service.js';
import { groupedLoader, keyedLoader } from '../kernel/loaders.js';
import { mayReadBusinessCustomer } from './business-customer/business-customer-access.js';
import { BusinessCustomer } from './business-customer/business-customer.entity.js';
import { BusinessCustomerService } from './business-customer/business-customer.service.js';
import { membershipsOf } from './business-customer/business-customer.store.js';
import { findShopsByAppId, type WalletShop } from './customer/customer-access.js';
import { Customer } from './customer/customer.entity.js';
import { CustomerService } from './customer/customer.service.js';
import { CustomerProfileService } from './customer-profile/customer-profile.service.js';
import { NotificationToken } from './notification-token/notification-token.entity.js';
import { NotificationTokenService } from './notification-token/notification-token.service.js';
import { WalletPass } from './wallet-pass/wallet-pass.entity.js';
import { WalletPassService } from './wallet-pass/wallet-pass.service.js';
import { GoogleWalletService } from './google/google-wallet.service.js';
import { productionPushTransport } from './push/production-push-transport.js';
import { WalletPushService } from './push/wallet-push.service.js';
import { AudienceService } from './audience/audience.service.js';
import { createSegmentLoaders, type SegmentLoaders } from './segment/segment-loaders.js';
import { SegmentService } from './segment/segment.service.js';

/** The wallet subgraph's per-request context: loaders and services bound to this request. */
export interface WalletContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly customers: CustomerService;
  readonly businessCustomers: BusinessCustomerService;
  readonly customerProfiles: CustomerProfileService;
  readonly applePasses: ApplePassService;
  readonly appleWebService: AppleWebService;
  readonly notificationTokens: NotificationTokenService;
  readonly walletPasses: WalletPassService;
  readonly googleWallet: GoogleWalletService;
  readonly walletPush: WalletPushService;
  readonly segments: SegmentService;
  readonly segmentLoaders: SegmentLoaders;
  readonly audience: AudienceService;
}

function createLoaders(ctx: BaseContext) {
  return {
    customerById: keyedLoader<string, Customer>(
      (ids) => ctx.em.find(Customer, { id: { $in: ids.filter(isUuid) } }),
      (c) => c.id,
    ),
    /** Customer records the caller may see, by id (federation references); others resolve to null. */
    visibleBusinessCustomerById: keyedLoader<string, BusinessCustomer>(
      async (ids) =>
        (await ctx.em.find(BusinessCustomer, { id: { $in: ids.filter(isUuid) } })).filter((record) =>
          mayReadBusinessCustomer(ctx.principal, record),
        ),
      (c) => c.id,
    ),
    /** The memberships of customer records at their business's shop apps, by `business/user` key. */
    membershipsOfRecord: groupedLoader<string, { key: string; customer: Customer }>(
      (keys) => membershipsOf(ctx.em, keys),
      (m) => m.key,
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
    businessCustomers: new BusinessCustomerService(base),
    customerProfiles: new CustomerProfileService(base),
    applePasses: new ApplePassService(base),
    appleWebService: new AppleWebService(base),
    notificationTokens: new NotificationTokenService(base),
    walletPasses: new WalletPassService(base),
    googleWallet: new GoogleWalletService(base),
    walletPush: new WalletPushService(base, productionPushTransport(base.env.wallet)),
    segments: new SegmentService(base),
    segmentLoaders: createSegmentLoaders(base),
    audience: new AudienceService(base),
  };
}
