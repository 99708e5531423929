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
