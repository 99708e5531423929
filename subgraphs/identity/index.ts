/** The identity subgraph: users, business accounts, OAuth apps, grants and tokens, devices. */
import { buildFederatedSchema } from '../kernel/federation.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { BusinessAccount } from './business-account/business-account.entity.js';
import { BusinessAccountResolver } from './business-account/business-account.resolver.js';
import { createIdentityContext, type IdentityContext } from './context.js';

export { BusinessAccount } from './business-account/business-account.entity.js';

export const identitySubgraph: SubgraphModule<IdentityContext> = {
  name: 'identity',
  entities: [BusinessAccount],
  buildSchema: () =>
    buildFederatedSchema({ resolvers: [BusinessAccountResolver] }, {
      BusinessAccount: {
        __resolveReference: (ref: { id: string }, ctx: IdentityContext) => ctx.loaders.businessAccountById.load(ref.id),
      },
    }),
  createContext: createIdentityContext,
};
