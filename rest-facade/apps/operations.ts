/** GraphQL documents of the shop app rows (interface: Store app content). */
import type { Operation } from '../kernel/route.js';

export const AppManifest: Operation = {
  name: 'AppManifest',
  document: `query AppManifest($shopId: String!) {
  shopApp(shopId: $shopId) {
    shopId name logoUrl template updatedAt
    theme { primaryColor accentColor backgroundColor textColor fontFamily }
    navigation { label target slug url }
    platforms { messagingAppId iosAppStoreId androidPackageName }
    publicStores { id name }
  }
}`,
};

export const AppPages: Operation = {
  name: 'AppPages',
  document: `query AppPages($shopId: String!) {
  publishedAppPages(shopId: $shopId) { slug title updatedAt publishedAt }
}`,
};

export const AppPageDetail: Operation = {
  name: 'AppPageDetail',
  document: `query AppPageDetail($shopId: String!, $slug: String!) {
  publishedAppPage(shopId: $shopId, slug: $slug) { slug title body publishedAt updatedAt }
}`,
};

export const AppMembershipCardConfig: Operation = {
  name: 'AppMembershipCardConfig',
  document: `query AppMembershipCardConfig($shopId: String!) {
  appMembershipCardConfig(shopId: $shopId) {
    shopId enabled updatedAt
    ranks { code name minPoints color benefits }
    pointRules { yenPerPoint pointsOnSignUp pointsPerVisit expiryMonths }
    design { backgroundColor foregroundColor labelColor logoText barcodeFormat }
  }
}`,
};
