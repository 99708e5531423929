import DataLoader from 'dataloader';
import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { keyedLoader } from '../kernel/loaders.js';
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
  readonly favorites: FavoriteService;
  readonly coupons: CouponService;
  readonly userCoupons: UserCouponService;
}

function createLoaders(ctx: BaseContext) {
  return {
    storeById: keyedLoader<string, Store>(
      (ids) => ctx.em.find(Store, { id: { $in: ids.filter(isUuid) } }),
      (s) => s.id,
    ),
    /** The target stores of each coupon, in id order. */
    couponStoreIds: new DataLoader<string, string[]>(async (couponIds) => {
      const links = await ctx.em.find(
        CouponStore,
        { couponId: { $in: [...couponIds] } },
        { orderBy: { couponId: 'asc', storeId: 'asc' } },
      );
      return couponIds.map((id) => links.filter((l) => l.couponId === id).map((l) => l.storeId));
    }),
  };
}

export function createStoresContext(base: BaseContext): StoresContext {
  return {
    ...base,
    loaders: createLoaders(base),
    stores: new StoreService(base),
    favorites: new FavoriteService(base),
    coupons: new CouponService(base),
    userCoupons: new UserCouponService(base),
  };
}
