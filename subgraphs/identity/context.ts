import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { keyedLoader } from '../kernel/loaders.js';
import { BusinessAccount } from './business-account/business-account.entity.js';
import { BusinessAccountService } from './business-account/business-account.service.js';
import { OAuthClientService } from './oauth-client/oauth-client.service.js';
import { User } from './user/user.entity.js';

export interface IdentityContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly businessAccounts: BusinessAccountService;
  readonly oauthClients: OAuthClientService;
}

function createLoaders(ctx: BaseContext) {
  return {
    businessAccountById: keyedLoader<string, BusinessAccount>(
      (ids) => ctx.em.find(BusinessAccount, { id: { $in: ids.filter(isUuid) } }),
      (b) => b.id,
    ),
    /** Live accounts only: a deleted account resolves to null wherever it is referenced. */
    userById: keyedLoader<string, User>(
      (ids) => ctx.em.find(User, { id: { $in: ids.filter(isUuid) }, deletedAt: null }),
      (u) => u.id,
    ),
  };
}

export function createIdentityContext(base: BaseContext): IdentityContext {
  return {
    ...base,
    loaders: createLoaders(base),
    businessAccounts: new BusinessAccountService(base),
    oauthClients: new OAuthClientService(base),
  };
}
