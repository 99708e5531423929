/** The stores subgraph: public directory, and later shop apps, coupons, favorites and inventory. */
import type { SubgraphModule } from '../kernel/subgraph.js';
import { buildFederatedSchema } from '../kernel/federation.js';
import { createStoresContext, type StoresContext } from './context.js';
import { Store } from './store/store.entity.js';
import { StoreResolver } from './store/store.resolver.js';

export { Store } from './store/store.entity.js';
export { StoreService } from './store/store.service.js';

export const storesSubgraph: SubgraphModule<StoresContext> = {
  name: 'stores',
  entities: [Store],
  buildSchema: () =>
    buildFederatedSchema(
      { resolvers: [StoreResolver] },
      {
        Store: {
          __resolveReference: (ref: { id: string }, ctx: StoresContext) => ctx.loaders.storeById.load(ref.id),
        },
      },
    ),
  createContext: createStoresContext,
};
