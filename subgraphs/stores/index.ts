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
// issue 14: reservations
import { Reservation } from './reservation/reservation.entity.js';
import { ReservationResource } from './reservation/reservation-resource.entity.js';
import { ReservationResolver } from './reservation/reservation.resolver.js';
import { ReservationResourceResolver } from './reservation/reservation-resource.resolver.js';
// Products and inventory (issue 14).
import { Product, ProductStore } from './product/product.entity.js';
import { ProductResolver } from './product/product.resolver.js';
import { StockLevel } from './inventory/stock-level.entity.js';
import { StockLocation } from './inventory/stock-location.entity.js';
import { StockMovement } from './inventory/stock-movement.entity.js';
import { Stocktake, StocktakeLine } from './inventory/stocktake.entity.js';
import { StockLocationResolver } from './inventory/stock-location.resolver.js';
import { ProductStockResolver, StockResolver } from './inventory/stock.resolver.js';
import { StocktakeResolver } from './inventory/stocktake.resolver.js';
// issue 14: sales and storefront inventory post to the ledger
import { OutboxConsumerCursor } from './inventory/outbox-cursor.entity.js';
import { stockPostingsJob } from './inventory/stock-postings.job.js';
import { StorefrontItemLink, StorefrontLocationLink } from './inventory/storefront-link.entity.js';
import { StorefrontLinkResolver } from './inventory/storefront-link.resolver.js';
// issue 14: flyers
import { Flyer, FlyerItem, FlyerPage } from './flyer/flyer.entity.js';
import { FlyerItemResolver, FlyerResolver } from './flyer/flyer.resolver.js';
import { scheduledFlyersJob } from './flyer/scheduled-flyers.job.js';
// issue 15: the consumer's current flyers
import { CurrentFlyerResolver } from './flyer/current-flyer.resolver.js';
// issue 15: customer profiles
import { StoresCustomerProfile } from './customer-profile/customer-profile.types.js';
import {
  CustomerProfileFavoriteResolver,
  StoresCustomerProfileResolver,
} from './customer-profile/customer-profile.resolver.js';
// issue 15: analytics snapshots
import { AnalyticsClosedDay, AnalyticsSnapshotRow } from './analytics/analytics-snapshot.entity.js';
import { analyticsSnapshotsJob } from './analytics/analytics-snapshots.job.js';
import { AnalyticsResolver } from './analytics/analytics.resolver.js';
import { ContentViewDay, ContentViewerDay } from './content-view/content-view.entity.js';

export { STORES_ACCESS } from './access.js';
export { Store } from './store/store.entity.js';
export { StoreService } from './store/store.service.js';
export { ShopApp } from './shop-app/shop-app.entity.js';
// issue 15: the consumer flyer read counts its views with this
export { recordContentView, viewerOf, type ContentView, type ContentKind } from './content-view/record-content-view.js';

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
    // issue 14: reservations
    ReservationResource,
    Reservation,
    // Products and inventory (issue 14).
    Product,
    ProductStore,
    StockLocation,
    StockLevel,
    StockMovement,
    Stocktake,
    StocktakeLine,
    // issue 14: sales and storefront inventory post to the ledger
    OutboxConsumerCursor,
    StorefrontItemLink,
    StorefrontLocationLink,
    // issue 14: flyers
    Flyer,
    FlyerPage,
    FlyerItem,
    // issue 15: analytics snapshots
    ContentViewDay,
    ContentViewerDay,
    AnalyticsSnapshotRow,
    AnalyticsClosedDay,
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
          // issue 14: reservations
          ReservationResourceResolver,
          ReservationResolver,
          // Products and inventory (issue 14).
          ProductResolver,
          StockLocationResolver,
          StockResolver,
          ProductStockResolver,
          StocktakeResolver,
          // issue 14: sales and storefront inventory post to the ledger
          StorefrontLinkResolver,
          // issue 14: flyers
          FlyerResolver,
          FlyerItemResolver,
          // issue 15: the consumer's current flyers
          CurrentFlyerResolver,
          // issue 15: customer profiles
          StoresCustomerProfileResolver,
          CustomerProfileFavoriteResolver,
          // issue 15: analytics snapshots
          AnalyticsResolver,
        ],
        // issue 15: reachable only through federation references
        orphanedTypes: [StoresCustomerProfile],
      },
      {
        Store: {
          // An unlisted store resolves to null for callers who may not see it, whoever referenced it.
          __resolveReference: async (ref: { id: string }, ctx: StoresContext) => {
            const store = await ctx.loaders.storeById.load(ref.id);
            return store && canSeeStore(ctx.principal, store) ? store : null;
          },
        },
        // Products and inventory (issue 14): the caller's own business's products only, else null.
        Product: {
          __resolveReference: async (ref: { id: string }, ctx: StoresContext) =>
            ctx.products.visibleReference(await ctx.loaders.productById.load(ref.id)),
        },
        // issue 15: a profile of the caller's business with crm.profiles.read, else null.
        CustomerProfile: {
          __resolveReference: (ref: { id: string }, ctx: StoresContext) => ctx.customerProfiles.reference(ref.id),
        },
      },
    ),
  createContext: createStoresContext,
  jobs: () => [scheduledPostsJob(), stockPostingsJob(), scheduledFlyersJob(), analyticsSnapshotsJob()],
};
