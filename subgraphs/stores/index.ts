/** The stores subgraph: public directory, and later shop apps, coupons, favorites and inventory. */
import { canSeeStore } from '../kernel/auth/store-visibility.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { buildFederatedSchema } from '../kernel/federation.js';
import { STORES_ACCESS, STORES_SHARED_READS } from './access.js';
import { createStoresContext, type StoresContext } from './context.js';
import { AppPage } from './page/app-page.entity.js';
import { AppPageResolver } from './page/app-page.resolver.js';
import { MembershipCardResolver } from './shop-app/membership-card.resolver.js';
import { AppPost } from './post/post.entity.js';
import { AppPostResolver } from './post/post.resolver.js';
import { scheduledPostsJob } from './post/scheduled-posts.job.js';
import { ShopApp, ShopAppStore } from './shop-app/shop-app.entity.js';
import { ShopAppResolver } from './shop-app/shop-app.resolver.js';
import { Store } from './store/store.entity.js';
import { StoreDirectoryCount } from './store/store-directory-count.entity.js';
import { StoreResolver } from './store/store.resolver.js';
import { Coupon, CouponStore } from './coupon/coupon.entity.js';
import { CouponResolver } from './coupon/coupon.resolver.js';
import { UserCouponResolver } from './coupon/user-coupon.resolver.js';
import { FavoriteStore } from './favorite/favorite.entity.js';
import { FavoriteResolver } from './favorite/favorite.resolver.js';
import { BusinessHoursResolver } from './business-hours/business-hours.resolver.js';
import { StoreSpecialDay } from './business-hours/special-day.entity.js';
import { StoreWeeklyHours } from './business-hours/weekly-hours.entity.js';

export { STORES_ACCESS } from './access.js';
export { Store } from './store/store.entity.js';
export { StoreService } from './store/store.service.js';
export { ShopApp } from './shop-app/shop-app.entity.js';

export const storesSubgraph: SubgraphModule<StoresContext> = {
  name: 'stores',
  access: STORES_ACCESS,
  sharedReads: STORES_SHARED_READS,
  entities: [
    Store,
    StoreDirectoryCount,
    ShopApp,
    ShopAppStore,
    AppPage,
    FavoriteStore,
    Coupon,
    CouponStore,
    AppPost,
    StoreWeeklyHours,
    StoreSpecialDay,
  ],
  buildSchema: () =>
    buildFederatedSchema(
      {
        resolvers: [
          StoreResolver,
          ShopAppResolver,
          AppPageResolver,
          MembershipCardResolver,
          FavoriteResolver,
          CouponResolver,
          UserCouponResolver,
          AppPostResolver,
          BusinessHoursResolver,
        ],
      },
      {
        Store: {
          // An unlisted store resolves to null for callers who may not see it, whoever referenced it.
          __resolveReference: async (ref: { id: string }, ctx: StoresContext) => {
            const store = await ctx.loaders.storeById.load(ref.id);
            return store && canSeeStore(ctx.principal, store) ? store : null;
          },
        },
      },
    ),
  createContext: createStoresContext,
  jobs: () => [scheduledPostsJob()],
};
