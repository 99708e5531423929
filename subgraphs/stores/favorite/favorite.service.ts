import type { BaseContext } from '../../kernel/context.js';
import { isUuid, uuidv7 } from '../../kernel/db/uuid.js';
import { NotFoundError } from '../../kernel/errors.js';
import type { FavoriteStatus, FavoriteStoreItem } from './favorite.types.js';

/** How many favorites the list shows at most: the newest 500 (documented on the REST row). */
export const FAVORITE_LIST_CAP = 500;

/** The public-visibility rule of store-visibility.ts, as SQL on the store alias `s`. */
export const PUBLIC_STORE_SQL = '(s."is_public_listing" or s."place_id" is not null)';

interface FavoriteRow {
  readonly store_id: string;
  readonly created_at: Date | string;
}

const LIST_SQL = `select f."store_id", f."created_at"
  from "favorite_store" f join "store" s on s."id" = f."store_id"
  where f."user_id" = ? and ${PUBLIC_STORE_SQL}
  order by f."created_at" desc, f."store_id" desc
  limit ?`;

const ONE_SQL = `select f."store_id", f."created_at"
  from "favorite_store" f join "store" s on s."id" = f."store_id"
  where f."user_id" = ? and f."store_id" = ? and ${PUBLIC_STORE_SQL}`;

/** Inserts the favorite of a public store; a second add changes nothing (the first time stays). */
const ADD_SQL = `insert into "favorite_store" ("id", "created_at", "updated_at", "user_id", "store_id")
  select ?, ?::timestamptz, ?::timestamptz, ?, s."id" from "store" s where s."id" = ? and ${PUBLIC_STORE_SQL}
  on conflict ("user_id", "store_id") do nothing`;

const item = (row: FavoriteRow): FavoriteStoreItem => ({
  storeId: row.store_id,
  favoritedAt: new Date(row.created_at),
});

/**
 * A consumer's favorite stores. Methods act for `userId`, a user the resolvers authenticated with the
 * right scope. Favorites of stores that are not public are kept but hidden everywhere.
 */
export class FavoriteService {
  constructor(private readonly ctx: BaseContext) {}

  /** The user's favorites of public stores, newest first, at most {@link FAVORITE_LIST_CAP}. */
  async list(userId: string): Promise<FavoriteStoreItem[]> {
    const rows = await this.ctx.em.execute<FavoriteRow[]>(LIST_SQL, [userId, FAVORITE_LIST_CAP]);
    return rows.map(item);
  }

  /** Whether a public store is the user's favorite; false for any other id (unknown, malformed, not public). */
  async status(userId: string, storeId: string): Promise<FavoriteStatus> {
    const found = await this.find(userId, storeId);
    return { storeId, isFavorite: found !== null, favoritedAt: found?.favoritedAt ?? null };
  }

  /** Adds a public store (idempotent: a second add answers the first one); NOT_FOUND store_not_found otherwise. */
  async add(userId: string, storeId: string): Promise<FavoriteStoreItem> {
    if (isUuid(storeId)) {
      const now = Date.now();
      const at = new Date(now).toISOString();
      await this.ctx.em.execute(ADD_SQL, [uuidv7(now), at, at, userId, storeId], 'run');
    }
    const found = await this.find(userId, storeId);
    if (!found) throw new NotFoundError('No public store has this id.', 'store_not_found');
    return found;
  }

  /** Removes the favorite, whatever the store; removing what is not a favorite succeeds too. */
  async remove(userId: string, storeId: string): Promise<boolean> {
    if (isUuid(storeId)) {
      await this.ctx.em.execute(
        'delete from "favorite_store" where "user_id" = ? and "store_id" = ?',
        [userId, storeId],
        'run',
      );
    }
    return true;
  }

  private async find(userId: string, storeId: string): Promise<FavoriteStoreItem | null> {
    if (!isUuid(storeId)) return null;
    const rows = await this.ctx.em.execute<FavoriteRow[]>(ONE_SQL, [userId, storeId]);
    return rows[0] ? item(rows[0]) : null;
  }
}
