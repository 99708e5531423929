import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { keyedLoader } from '../kernel/loaders.js';
import { Store } from './store/store.entity.js';
import { StoreService } from './store/store.service.js';

/** The stores subgraph's per-request context: loaders and services bound to this request. */
export interface StoresContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly stores: StoreService;
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
  return { ...base, loaders: createLoaders(base), stores: new StoreService(base) };
}
