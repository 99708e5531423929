import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { keyedLoader } from '../kernel/loaders.js';
import { BusinessHoursService } from './business-hours/business-hours.service.js';
import { Store } from './store/store.entity.js';
import { StoreService } from './store/store.service.js';

/** The stores subgraph's per-request context: loaders and services bound to this request. */
export interface StoresContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly stores: StoreService;
  readonly businessHours: BusinessHoursService;
}

function createLoaders(ctx: BaseContext) {
  return {
    storeById: keyedLoader<string, Store>(
      (ids) => ctx.em.find(Store, { id: { $in: ids.filter(isUuid) } }),
      (s) => s.id,
    ),
  };
}

export function createStoresContext(base: BaseContext): StoresContext {
  const stores = new StoreService(base);
  return { ...base, loaders: createLoaders(base), stores, businessHours: new BusinessHoursService(base, stores) };
}
