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
// issue 14: reservations
import { ReservationResource } from './reservation/reservation-resource.entity.js';
import { ReservationResourceService } from './reservation/reservation-resource.service.js';
import { ReservationService } from './reservation/reservation.service.js';
// Products and inventory (issue 14).
import { Product, ProductStore } from './product/product.entity.js';
import { ProductService } from './product/product.service.js';
import { StockLevel } from './inventory/stock-level.entity.js';
import { StockLocation } from './inventory/stock-location.entity.js';
import { StockLocationService } from './inventory/stock-location.service.js';
import { StockService } from './inventory/stock.service.js';
import { StocktakeLine } from './inventory/stocktake.entity.js';
import { StocktakeService } from './inventory/stocktake.service.js';
// issue 14: sales and storefront inventory post to the ledger
import { StorefrontLinkService } from './inventory/storefront-link.service.js';
// issue 14: flyers
import { FlyerItem, FlyerPage } from './flyer/flyer.entity.js';
import { FlyerService } from './flyer/flyer.service.js';
// issue 15: flyer PDFs and the consumer's current flyers
import { CurrentFlyerService } from './flyer/current-flyer.service.js';
import { FlyerPdfService } from './flyer/flyer-pdf.service.js';
// issue 15: customer profiles
import { StoresProfileService } from './customer-profile/customer-profile.service.js';
// issue 15: analytics snapshots
import { AnalyticsService } from './analytics/analytics.service.js';

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
  // issue 14: reservations
  readonly reservationResources: ReservationResourceService;
  readonly reservations: ReservationService;
  // Products and inventory (issue 14).
  readonly products: ProductService;
  readonly stockLocations: StockLocationService;
  readonly stock: StockService;
  readonly stocktakes: StocktakeService;
  // issue 14: sales and storefront inventory post to the ledger
  readonly storefrontLinks: StorefrontLinkService;
  // issue 14: flyers
  readonly flyers: FlyerService;
  // issue 15: flyer PDFs and the consumer's current flyers
  readonly flyerPdfs: FlyerPdfService;
  readonly currentFlyers: CurrentFlyerService;
  // issue 15: customer profiles
  readonly customerProfiles: StoresProfileService;
  // issue 15: analytics snapshots
  readonly analytics: AnalyticsService;
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
    // issue 14: reservations
    /** Reservation resources by id (a page of reservations asks for their resources at once). */
    reservationResourceById: keyedLoader<string, ReservationResource>(
      (ids) => ctx.em.find(ReservationResource, { id: { $in: ids.filter(isUuid) } }),
      (resource) => resource.id,
    ),
    // Products and inventory (issue 14).
    productById: keyedLoader<string, Product>(
      (ids) => ctx.em.find(Product, { id: { $in: ids.filter(isUuid) } }),
      (p) => p.id,
    ),
    /** The stores each product is available at, in store id order. */
    productStores: groupedLoader<string, ProductStore>(
      (ids) => ctx.em.find(ProductStore, { productId: { $in: [...ids] } }, { orderBy: { storeId: 'asc' } }),
      (link) => link.productId,
    ),
    stockLocationById: keyedLoader<string, StockLocation>(
      (ids) => ctx.em.find(StockLocation, { id: { $in: ids.filter(isUuid) } }),
      (location) => location.id,
    ),
    /** The stock levels of each product, in location id order. */
    stockByProduct: groupedLoader<string, StockLevel>(
      (ids) => ctx.em.find(StockLevel, { productId: { $in: [...ids] } }, { orderBy: { locationId: 'asc' } }),
      (level) => level.productId,
    ),
    /** The counted lines of each stocktake, in product id order. */
    stocktakeLines: groupedLoader<string, StocktakeLine>(
      (ids) => ctx.em.find(StocktakeLine, { stocktakeId: { $in: [...ids] } }, { orderBy: { productId: 'asc' } }),
      (line) => line.stocktakeId,
    ),
    // issue 14: flyers
    /** The pages of each flyer, in order. */
    flyerPages: groupedLoader<string, FlyerPage>(
      (ids) => ctx.em.find(FlyerPage, { flyerId: { $in: [...ids] } }, { orderBy: { position: 'asc' } }),
      (page) => page.flyerId,
    ),
    /** The featured products of each flyer, in order. */
    flyerItems: groupedLoader<string, FlyerItem>(
      (ids) => ctx.em.find(FlyerItem, { flyerId: { $in: [...ids] } }, { orderBy: { position: 'asc' } }),
      (item) => item.flyerId,
    ),
  };
}

export function createStoresContext(base: BaseContext): StoresContext {
  const shopApps = new ShopAppService(base);
  const stores = new StoreService(base);
  const stockLocations = new StockLocationService(base);
  const flyers = new FlyerService(base);
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
    // issue 14: reservations
    reservationResources: new ReservationResourceService(base),
    reservations: new ReservationService(base),
    // Products and inventory (issue 14).
    products: new ProductService(base),
    stockLocations,
    stock: new StockService(base),
    stocktakes: new StocktakeService(base, stockLocations),
    // issue 14: sales and storefront inventory post to the ledger
    storefrontLinks: new StorefrontLinkService(base),
    // issue 14: flyers
    flyers,
    // issue 15: flyer PDFs and the consumer's current flyers
    flyerPdfs: new FlyerPdfService(base, flyers),
    currentFlyers: new CurrentFlyerService(base),
    // issue 15: customer profiles
    customerProfiles: new StoresProfileService(base),
    // issue 15: analytics snapshots
    analytics: new AnalyticsService(base),
  };
}
