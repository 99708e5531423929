import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { groupedLoader, keyedLoader } from '../kernel/loaders.js';
import { BusinessHoursService } from './business-hours/business-hours.service.js';
import { AppPageService } from './page/app-page.service.js';
import { MembershipCardService } from './shop-app/membership-card.service.js';
import { ShopApp, ShopAppStore } from './shop-app/shop-app.entity.js';
import { ShopAppService } from './shop-app/shop-app.service.js';
import { Store } from './store/store.entity.js';
import { StoreService } from './store/store.service.js';

/** The stores subgraph's per-request context: loaders and services bound to this request. */
export interface StoresContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly stores: StoreService;
  readonly shopApps: ShopAppService;
  readonly appPages: AppPageService;
  readonly membershipCards: MembershipCardService;
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
    businessHours: new BusinessHoursService(base, stores, shopApps),
  };
}
