import type { FilterQuery } from '@mikro-orm/core';
import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { BadUserInputError, ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { pageRequest } from '../../kernel/paging.js';
import { findPrefecture } from '../reference/prefectures.js';
import { isStoreType, STORE_TYPES } from '../reference/store-types.js';
import { Store } from './store.entity.js';
import type { CreateStoreInput, PublicStoreSearchArgs } from './store.input.js';
import { searchDirectory } from './store-directory.query.js';
import type { PublicStorePage } from './store.types.js';

/** Directory paging: default 30 (interface), cap 100. */
export const PUBLIC_STORE_PAGE = { defaultSize: 30, maxSize: 100 } as const;
const MAX_QUERY_LENGTH = 100;

/** The public-visibility rule as a query filter, shared by search and detail. */
const PUBLICLY_VISIBLE: FilterQuery<Store> = { $or: [{ isPublicListing: true }, { placeId: { $ne: null } }] };

/** Stores: the public directory and store administration. */
export class StoreService {
  constructor(private readonly ctx: BaseContext) {}

  /** Searches publicly visible stores. Anyone may call it. */
  async searchPublic(args: PublicStoreSearchArgs): Promise<PublicStorePage> {
    const validation = new Validation();
    const paging = pageRequest(args.page, args.pageSize, PUBLIC_STORE_PAGE, validation);
    const q = args.q?.trim() ?? '';
    validation.check(q.length <= MAX_QUERY_LENGTH, 'q', `must be at most ${MAX_QUERY_LENGTH} characters`);
    const prefecture = args.prefecture ? findPrefecture(args.prefecture) : undefined;
    validation.check(
      !args.prefecture || prefecture !== undefined,
      'prefecture',
      'unknown prefecture (use a JIS code or a name such as 東京都)',
    );
    validation.check(
      !args.storeType || isStoreType(args.storeType),
      'storeType',
      `must be one of ${STORE_TYPES.join(', ')}`,
    );
    validation.throwIfInvalid();

    const { items, total } = await searchDirectory(
      this.ctx.em,
      {
        q,
        prefectureCode: prefecture?.code,
        storeType: args.storeType ?? undefined,
      },
      paging,
    );
    return { items, total, page: paging.page, pageSize: paging.pageSize };
  }

  /** One publicly visible store; any other id (unknown, malformed, unlisted) is not found. */
  async getPublic(storeId: string): Promise<Store> {
    const store = isUuid(storeId)
      ? await this.ctx.em.findOne(Store, { $and: [{ id: storeId }, PUBLICLY_VISIBLE] })
      : null;
    if (!store) throw new NotFoundError('No publicly listed store has this id.', 'store_not_found');
    return store;
  }

  /** Creates a store. Operators only until business owners can sign in. */
  async create(input: CreateStoreInput): Promise<Store> {
    requireOperator(this.ctx.principal);
    const validation = new Validation();
    const name = input.name.trim();
    validation.check(name.length >= 1 && name.length <= 200, 'name', 'must be 1 to 200 characters');
    validation.check(isUuid(input.businessAccountId), 'businessAccountId', 'must be a UUID');
    const prefecture = findPrefecture(input.prefecture);
    validation.check(
      prefecture !== undefined,
      'prefecture',
      'unknown prefecture (use a JIS code or a name such as 東京都)',
    );
    validation.check(isStoreType(input.storeType), 'storeType', `must be one of ${STORE_TYPES.join(', ')}`);
    validation.check((input.nameKana ?? '').length <= 200, 'nameKana', 'must be at most 200 characters');
    validation.check((input.address ?? '').length <= 300, 'address', 'must be at most 300 characters');
    validation.check(
      !input.phone || /^\+?[0-9][0-9 ()-]{0,30}$/.test(input.phone),
      'phone',
      'must be a telephone number of at most 32 digits, spaces, hyphens and parentheses (03-1234-5678)',
    );
    validation.check(
      !input.postalCode || /^\d{3}-?\d{4}$/.test(input.postalCode),
      'postalCode',
      'must look like 100-0001',
    );
    validation.check(!input.placeId || input.placeId.length <= 128, 'placeId', 'must be at most 128 characters');
    validation.throwIfInvalid();

    const store = this.ctx.em.create(Store, {
      businessAccountId: input.businessAccountId,
      name,
      nameKana: input.nameKana?.trim() || name,
      prefectureCode: prefecture!.code,
      storeType: input.storeType,
      address: input.address?.trim() ?? '',
      postalCode: input.postalCode ?? null,
      phone: input.phone ?? null,
      isPublicListing: input.isPublicListing ?? false,
      placeId: input.placeId ?? null,
    });
    await withConstraintErrors(
      {
        foreignKey: () =>
          new BadUserInputError(
            'The business account does not exist.',
            [{ path: 'businessAccountId', message: 'unknown business account' }],
            'unknown_business_account',
          ),
        unique: () => new ConflictError('Another store already has this place-directory id.', 'place_id_taken'),
      },
      () => this.ctx.em.flush(),
    );
    return store;
  }
}
