/** Who may call each root operation of the stores subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, PUBLIC, user, type AccessTable } from '../kernel/auth/operation-access.js';

export const STORES_ACCESS: AccessTable = {
  // The public directory is open; administration is the operator's until business owners sign in.
  'Query.publicStores': PUBLIC,
  'Query.publicStore': PUBLIC,
  'Query.prefectures': PUBLIC,
  'Query.storeTypes': PUBLIC,
  'Mutation.createStore': OPERATOR,
  // Shop apps: their content is public; a business manages its own (store.info.*), the operator any.
  'Query.shopApp': PUBLIC,
  'Mutation.createShopApp': anyOf(OPERATOR, business('store.info.write')),
  'Mutation.updateShopApp': anyOf(OPERATOR, business('store.info.write')),
  'Mutation.setShopAppStores': anyOf(OPERATOR, business('store.info.write')),
  'Query.managedShopApps': anyOf(OPERATOR, business('store.info.read')),
  'Query.publishedAppPages': PUBLIC,
  'Query.publishedAppPage': PUBLIC,
  'Query.appPages': anyOf(OPERATOR, business('store.info.read')),
  'Mutation.createAppPage': anyOf(OPERATOR, business('store.info.write')),
  'Mutation.updateAppPage': anyOf(OPERATOR, business('store.info.write')),
  'Mutation.publishAppPage': anyOf(OPERATOR, business('store.info.write')),
  'Mutation.unpublishAppPage': anyOf(OPERATOR, business('store.info.write')),
  'Mutation.deleteAppPage': anyOf(OPERATOR, business('store.info.write')),
  'Query.appMembershipCardConfig': PUBLIC,
  'Mutation.setMembershipCardConfig': anyOf(OPERATOR, business('store.info.write')),
  // Favorites and coupons of the consumer (DECISIONS: favorites GET read, POST/DELETE write; coupons read).
  'Query.myFavoriteStores': user('user.favorites.read'),
  'Query.favoriteStoreStatus': user('user.favorites.read'),
  'Mutation.addFavoriteStore': user('user.favorites.write'),
  'Mutation.removeFavoriteStore': user('user.favorites.write'),
  'Query.myCoupons': user('user.coupons.read'),
  'Query.myCoupon': user('user.coupons.read'),
  // Coupon management: the business's own coupons (the service checks ownership), or the operator.
  'Query.businessCoupons': anyOf(OPERATOR, business('store.coupons.read')),
  'Query.coupon': anyOf(OPERATOR, business('store.coupons.read')),
  'Mutation.createCoupon': anyOf(OPERATOR, business('store.coupons.write')),
  'Mutation.updateCoupon': anyOf(OPERATOR, business('store.coupons.write')),
  'Mutation.publishCoupon': anyOf(OPERATOR, business('store.coupons.write')),
  'Mutation.archiveCoupon': anyOf(OPERATOR, business('store.coupons.write')),
  // Posts: the public list shows Published posts only; a business manages its own (sns.content.*).
  'Query.publicAppPosts': PUBLIC,
  'Query.appPosts': anyOf(OPERATOR, business('sns.content.read')),
  'Mutation.createAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.updateAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.publishAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.scheduleAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.unpublishAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.archiveAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.deleteAppPost': anyOf(OPERATOR, business('sns.content.write')),
  // Business hours (issue 9, part C): the store's own business or the operator; anyone reads a public store's.
  'Query.storeBusinessHours': anyOf(OPERATOR, business('store.business-hours.read')),
  'Query.storeBusinessInfo': PUBLIC,
  'Query.shopBusinessInfo': PUBLIC,
  'Mutation.setStoreWeeklyHours': anyOf(OPERATOR, business('store.business-hours.write')),
  'Mutation.setStoreSpecialDay': anyOf(OPERATOR, business('store.business-hours.write')),
  'Mutation.removeStoreSpecialDay': anyOf(OPERATOR, business('store.business-hours.write')),
  'Mutation.setStoreTimeZone': anyOf(OPERATOR, business('store.business-hours.write')),
  // issue 14: reservations. The business's own stores, resources and reservations (the service checks), or the operator.
  'Query.reservationResources': anyOf(OPERATOR, business('store.reservations.read')),
  'Query.reservationSlots': anyOf(OPERATOR, business('store.reservations.read')),
  'Query.reservations': anyOf(OPERATOR, business('store.reservations.read')),
  'Query.reservation': anyOf(OPERATOR, business('store.reservations.read')),
  'Mutation.createReservationResource': anyOf(OPERATOR, business('store.reservations.write')),
  'Mutation.updateReservationResource': anyOf(OPERATOR, business('store.reservations.write')),
  'Mutation.createReservation': anyOf(OPERATOR, business('store.reservations.write')),
  'Mutation.changeReservation': anyOf(OPERATOR, business('store.reservations.write')),
  'Mutation.cancelReservation': anyOf(OPERATOR, business('store.reservations.write')),
  'Mutation.setReservationStatus': anyOf(OPERATOR, business('store.reservations.write')),
  // Products (issue 14): the business's own catalogue (the service checks ownership), or the operator.
  'Query.products': anyOf(OPERATOR, business('store.products.read')),
  'Query.product': anyOf(OPERATOR, business('store.products.read')),
  'Query.productByBarcode': anyOf(OPERATOR, business('store.products.read')),
  'Mutation.createProduct': anyOf(OPERATOR, business('store.products.write')),
  'Mutation.updateProduct': anyOf(OPERATOR, business('store.products.write')),
  'Mutation.archiveProduct': anyOf(OPERATOR, business('store.products.write')),
  'Mutation.setProductAvailability': anyOf(OPERATOR, business('store.products.write')),
  // Inventory (issue 14): the business's own locations, levels and ledger, or the operator.
  'Query.stockLocations': anyOf(OPERATOR, business('store.inventory.read')),
  'Mutation.createStockLocation': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.updateStockLocation': anyOf(OPERATOR, business('store.inventory.write')),
  'Query.stockLevels': anyOf(OPERATOR, business('store.inventory.read')),
  'Query.stockMovements': anyOf(OPERATOR, business('store.inventory.read')),
  'Mutation.adjustStock': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.receiveStock': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.transferStock': anyOf(OPERATOR, business('store.inventory.write')),
  'Query.stocktake': anyOf(OPERATOR, business('store.inventory.read')),
  'Mutation.createStocktake': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.recordStocktakeCounts': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.applyStocktake': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.cancelStocktake': anyOf(OPERATOR, business('store.inventory.write')),
  // issue 14: sales and storefront inventory post to the ledger
  'Mutation.linkStorefrontItem': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.unlinkStorefrontItem': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.linkStorefrontLocation': anyOf(OPERATOR, business('store.inventory.write')),
  'Mutation.unlinkStorefrontLocation': anyOf(OPERATOR, business('store.inventory.write')),
  // issue 14: flyers. The business's own flyers, stores and products (the service checks), or the operator.
  'Query.flyers': anyOf(OPERATOR, business('store.flyers.read')),
  'Query.flyer': anyOf(OPERATOR, business('store.flyers.read')),
  'Mutation.createFlyer': anyOf(OPERATOR, business('store.flyers.write')),
  'Mutation.updateFlyer': anyOf(OPERATOR, business('store.flyers.write')),
  'Mutation.publishFlyer': anyOf(OPERATOR, business('store.flyers.write')),
  'Mutation.scheduleFlyer': anyOf(OPERATOR, business('store.flyers.write')),
  'Mutation.archiveFlyer': anyOf(OPERATOR, business('store.flyers.write')),
  // issue 15: a flyer's PDF (the business's own, any status); consumers read current flyers of favorite stores.
  'Query.flyerPdf': anyOf(OPERATOR, business('store.flyers.read')),
  'Query.myFlyers': user('user.favorites.read'),
  'Query.myFlyer': user('user.favorites.read'),
  // issue 15: analytics snapshots. The business's own stores (the service checks), or the operator;
  // a consumer's single-post read is public and counts a view (so it is not a shared read).
  'Query.analyticsSnapshots': anyOf(OPERATOR, business('analytics.read')),
  'Query.analyticsToday': anyOf(OPERATOR, business('analytics.read')),
  'Query.publicAppPost': PUBLIC,
};

/**
 * Reads that identical callers in flight together may share (kernel/shared-reads.ts): the public
 * directory and reference data, and entity references (loaders only; visibility is per caller, and
 * the caller's credentials are part of the sharing key).
 */
export const STORES_SHARED_READS: readonly string[] = [
  'Query.publicStores',
  'Query.publicStore',
  'Query.prefectures',
  'Query.storeTypes',
  'Query._entities',
];
