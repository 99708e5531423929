import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { groupedLoader, keyedLoader } from '../kernel/loaders.js';
import { BusinessHoursService } from './business-hours/business-hours.service.js';
import { AppPageService } from './page/app-page.service.js';
import { MembershipCardService } from './shop-app/membership-card.service.js';
import { ShopApp, ShopAppStore } from './shop-app/shop-app.entity.js';
import { AppPostService } from './post/post.service.js';
import { ShopAppService } from './shop-app/shop-app.service.js';
import { Store } from './store/store.entity.js';
import { StoreService } from './store/store.service.js';
import { CouponStore } from './coupon/coupon.entity.js';
import { CouponService } from './coupon/coupon.service.js';
import { UserCouponService } from './coupon/user-coupon.service.js';
import { FavoriteService } from './favorite/favorite.service.js';

/** The stores subgraph's per-request context: loaders and services bound to this request. */
export interface StoresContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly stores: StoreService;
  readonly shopApps: ShopAppService;
  readonly appPages: AppPageService;
  readonly membershipCards: MembershipCardService;
  readonly favorites: FavoriteService;
  readonly coupons: CouponService;
  readonly userCoupons: UserCouponService;
  readonly appPosts: AppPostService;
  readonly businessHours: BusinessHoursService;
}

function createLoaders(ctx: BaseContext) {
  return {
    storeById: keyedLoader<string, Store>(
      (ids) => ctx.em.find(Store, { id: { $in: ids.filter(isUuid) } }),
      (s) => s.id,
    ),
    shopAppById: keyedLoader<string, ShopApp>(
      (ids) => ctx.em.find(ShopApp, { id: { $in: [...ids] } }),
      (app) => app.id,
    ),
    /** The store links of shop apps (by shop app id), in each app's order. */
    shopAppStores: groupedLoader<string, ShopAppStore>(
      (ids) => ctx.em.find(ShopAppStore, { shopAppId: { $in: [...ids] } }, { orderBy: { position: 'asc' } }),
      (link) => link.shopAppId,
    ),
    /** The target store links of each coupon, in store id order. */
    couponStores: groupedLoader<string, CouponStore>(
      (couponIds) => ctx.em.find(CouponStore, { couponId: { $in: [...couponIds] } }, { orderBy: { storeId: 'asc' } }),
      (link) => link.couponId,
    ),
  };
}

export function createStoresContext(base: BaseContext): StoresContext {
  const shopApps = new ShopAppService(base);
  const stores = new StoreService(base);
  return {
    ...base,
    loaders: createLoaders(base),
    stores,
    shopApps,
    appPages: new AppPageService(base, shopApps),
    membershipCards: new MembershipCardService(base, shopApps),
    favorites: new FavoriteService(base),
    coupons: new CouponService(base),
    userCoupons: new UserCouponService(base),
    appPosts: new AppPostService(base, shopApps),
    businessHours: new BusinessHoursService(base, stores, shopApps),
  };
}
