import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { managedBusiness, mayManage } from '../ownership.js';
import { Store } from '../store/store.entity.js';
import type { CreateShopAppInput, UpdateShopAppInput } from './shop-app.input.js';
import { checkNavigation, checkPlatforms, checkTemplate, checkTheme, isHttpsUrl } from './shop-app.validation.js';
import { SHOP_ID, ShopApp, ShopAppStore } from './shop-app.entity.js';

const MAX_STORES = 100;
/** Cap of a list of managed apps. */
export const MAX_LISTED = 100;

/** Whether `value` can be a shop id (anything else is simply not found). */
export function isShopId(value: string): boolean {
  return value.length >= SHOP_ID.min && value.length <= SHOP_ID.max && SHOP_ID.pattern.test(value);
}

const appNotFound = () => new NotFoundError('No shop app has this shopId.', 'app_not_found');

/** Shop apps: public lookup by shopId, the stores they show, and administration. */
export class ShopAppService {
  constructor(private readonly ctx: BaseContext) {}

  /** The shop app with this shopId, for anyone (its content is public); NOT_FOUND `app_not_found` otherwise. */
  async getByShopId(shopId: string): Promise<ShopApp> {
    const app = isShopId(shopId) ? await this.ctx.em.findOne(ShopApp, { shopId }) : null;
    if (!app) throw appNotFound();
    return app;
  }

  /**
   * The shop app with this shopId when the caller may manage it (the operator, or a business token of
   * its business); another business's app is answered as not found.
   */
  async getManaged(shopId: string): Promise<ShopApp> {
    const app = await this.getByShopId(shopId);
    if (!mayManage(this.ctx.principal, app.businessAccountId)) throw appNotFound();
    return app;
  }

  /** The ids of the stores the app shows, in the app's order (the first is the main store). */
  async storeIds(app: Pick<ShopApp, 'id'>): Promise<string[]> {
    const links = await this.ctx.em.find(ShopAppStore, { shopAppId: app.id }, { orderBy: { position: 'asc' } });
    return links.map((link) => link.storeId);
  }

  /**
   * The store of the app a request names (`storeId`), or its main store when none is named; NOT_FOUND
   * `store_not_found` when the app shows no such store (or none at all).
   */
  async storeOf(app: Pick<ShopApp, 'id'>, storeId?: string | null): Promise<string> {
    const ids = await this.storeIds(app);
    const chosen = storeId ?? ids[0];
    if (chosen === undefined || !ids.includes(chosen))
      throw new NotFoundError('This shop app shows no such store.', 'store_not_found');
    return chosen;
  }

  /** Creates a shop app for the caller's business (the operator names the business). */
  async create(input: CreateShopAppInput): Promise<ShopApp> {
    const businessAccountId = managedBusiness(this.ctx.principal, input.businessAccountId);
    const shopId = input.shopId.trim();
    const name = input.name.trim();
    const storeIds = input.storeIds ?? [];
    const v = new Validation()
      .check(
        isShopId(shopId),
        'shopId',
        `must be ${SHOP_ID.min} to ${SHOP_ID.max} of A-Z a-z 0-9 _ - , starting with a letter or digit`,
      )
      .check(name.length >= 1 && name.length <= 100, 'name', 'must be 1 to 100 characters');
    checkStoreIds(v, storeIds).throwIfInvalid();
    await this.checkStores(storeIds, businessAccountId);
    // The stores were checked above, so a foreign key can only fail on the business account.
    return withConstraintErrors(
      {
        unique: () => new ConflictError('Another shop app already has this shopId.', 'shop_id_taken'),
        foreignKey: () =>
          new BadUserInputError(
            'The business account does not exist.',
            [{ path: 'businessAccountId', message: 'unknown business account' }],
            'unknown_business_account',
          ),
      },
      () =>
        this.ctx.em.transactional(async (em) => {
          // The app row first: its store links reference it (no ORM relation orders the inserts).
          const app = em.create(ShopApp, { shopId, businessAccountId, name });
          await em.flush();
          storeIds.forEach((storeId, position) => em.create(ShopAppStore, { shopAppId: app.id, storeId, position }));
          await em.flush();
          return app;
        }),
    );
  }

  /** Changes the identity of an app the caller manages (absent fields stay); validated as a whole. */
  async update(shopId: string, input: UpdateShopAppInput): Promise<ShopApp> {
    const app = await this.getManaged(shopId);
    const v = new Validation();
    const changes: Partial<Pick<ShopApp, 'name' | 'logoUrl' | 'template' | 'theme' | 'navigation' | 'platforms'>> = {};
    if (input.name !== null && input.name !== undefined) {
      changes.name = input.name.trim();
      v.check(changes.name.length >= 1 && [...changes.name].length <= 100, 'name', 'must be 1 to 100 characters');
    }
    if (input.logoUrl !== undefined) {
      changes.logoUrl = input.logoUrl;
      v.check(input.logoUrl === null || isHttpsUrl(input.logoUrl), 'logoUrl', 'must be an https URL of at most 2048');
    }
    if (input.template !== null && input.template !== undefined) changes.template = checkTemplate(v, input.template);
    if (input.theme !== undefined) changes.theme = input.theme ? checkTheme(v, input.theme) : {};
    if (input.navigation !== undefined) changes.navigation = checkNavigation(v, input.navigation ?? []);
    if (input.platforms !== undefined) changes.platforms = input.platforms ? checkPlatforms(v, input.platforms) : {};
    v.throwIfInvalid();
    this.ctx.em.assign(app, changes);
    await this.ctx.em.flush();
    return app;
  }

  /** Replaces the stores an app shows (in order); every one must be of the app's business. */
  async setStores(shopId: string, storeIds: readonly string[]): Promise<ShopApp> {
    const app = await this.getManaged(shopId);
    checkStoreIds(new Validation(), storeIds).throwIfInvalid();
    await this.checkStores(storeIds, app.businessAccountId);
    return this.ctx.em.transactional(async (em) => {
      await em.nativeDelete(ShopAppStore, { shopAppId: app.id });
      storeIds.forEach((storeId, position) => em.create(ShopAppStore, { shopAppId: app.id, storeId, position }));
      // The manifest lists the stores: its updatedAt moves with them.
      em.assign(app, { updatedAt: new Date() });
      await em.flush();
      return app;
    });
  }

  /** The apps of the caller's business (the operator names one), by shopId; at most {@link MAX_LISTED}. */
  async listManaged(businessAccountId?: string | null): Promise<ShopApp[]> {
    const owner = managedBusiness(this.ctx.principal, businessAccountId);
    return this.ctx.em.find(ShopApp, { businessAccountId: owner }, { orderBy: { shopId: 'asc' }, limit: MAX_LISTED });
  }

  /** @throws BadUserInputError `unknown_store` unless every store exists and is of `businessAccountId`. */
  private async checkStores(storeIds: readonly string[], businessAccountId: string): Promise<void> {
    const stores =
      storeIds.length > 0
        ? await this.ctx.em.find(Store, { id: { $in: [...storeIds] } }, { fields: ['businessAccountId'] })
        : [];
    // A store of another business is reported like an unknown one.
    if (stores.length !== storeIds.length || stores.some((s) => s.businessAccountId !== businessAccountId))
      throw new BadUserInputError(
        'Every store must exist and belong to the business of the app.',
        [{ path: 'storeIds', message: 'unknown store' }],
        'unknown_store',
      );
  }
}

function checkStoreIds(v: Validation, storeIds: readonly string[]): Validation {
  return v
    .check(storeIds.length <= MAX_STORES, 'storeIds', `at most ${MAX_STORES}`)
    .check(storeIds.every(isUuid), 'storeIds', 'must be UUIDs')
    .check(new Set(storeIds).size === storeIds.length, 'storeIds', 'must not repeat');
}
