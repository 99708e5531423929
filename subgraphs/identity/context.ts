import type { BaseContext } from '../kernel/context.js';
import { keyedLoader } from '../kernel/loaders.js';
import { BusinessAccount } from './business-account/business-account.entity.js';
import { BusinessAccountService } from './business-account/business-account.service.js';

export interface IdentityContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly businessAccounts: BusinessAccountService;
}

function createLoaders(ctx: BaseContext) {
  return {
    businessAccountById: keyedLoader<string, BusinessAccount>(
      (ids) => ctx.em.find(BusinessAccount, { id: { $in: [...ids] } }),
      (b) => b.id,
    ),
  };
}

export function createIdentityContext(base: BaseContext): IdentityContext {
  return { ...base, loaders: createLoaders(base), businessAccounts: new BusinessAccountService(base) };
}
