/** The identity subgraph: users, business accounts, OAuth apps, grants and tokens, devices. */
import { buildFederatedSchema } from '../kernel/federation.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { BusinessAccount } from './business-account/business-account.entity.js';
import { BusinessAccountResolver } from './business-account/business-account.resolver.js';
import { createIdentityContext, type IdentityContext } from './context.js';
import { OAuthClient } from './oauth-client/oauth-client.entity.js';
import { OAuthClientResolver } from './oauth-client/oauth-client.resolver.js';
import { User } from './user/user.entity.js';

export { BusinessAccount } from './business-account/business-account.entity.js';
export { User } from './user/user.entity.js';
export { OAuthClient, UserScopeStatus } from './oauth-client/oauth-client.entity.js';
export { authenticateClient, findClient, isRegisteredRedirectUri } from './oauth-client/client-credentials.js';

export const identitySubgraph: SubgraphModule<IdentityContext> = {
  name: 'identity',
  entities: [BusinessAccount, User, OAuthClient],
  buildSchema: () =>
    // User has no root field yet (accounts and OAuth arrive later); it is an entity other subgraphs reference.
    buildFederatedSchema(
      { resolvers: [BusinessAccountResolver, OAuthClientResolver], orphanedTypes: [User] },
      {
        BusinessAccount: {
          __resolveReference: (ref: { id: string }, ctx: IdentityContext) =>
            ctx.loaders.businessAccountById.load(ref.id),
        },
        User: {
          __resolveReference: (ref: { id: string }, ctx: IdentityContext) => ctx.loaders.userById.load(ref.id),
        },
      },
    ),
  createContext: createIdentityContext,
};
