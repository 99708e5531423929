/**
 * What the stores subgraph knows of a customer profile's person at the business: which of the
 * business's stores they favorited (by the record's user; none for a storefront or staff record).
 * One query per batch of profiles.
 */
import type DataLoader from 'dataloader';
import type { BaseContext } from '../../kernel/context.js';
import { groupedLoader } from '../../kernel/loaders.js';
import {
  inList,
  profileReader,
  profileRefLoader,
  type CustomerProfileRef,
} from '../../kernel/privacy/customer-profile.js';
import type { CustomerProfileFavorite } from './customer-profile.types.js';

interface FavoriteRow {
  user_id: string;
  store_id: string;
  created_at: Date | string;
}

/** The stores subgraph's customer-profile fields, per request. */
export class StoresProfileService {
  private readonly refs: DataLoader<string, CustomerProfileRef | null>;
  private readonly favoritesByUser: DataLoader<string, FavoriteRow[]>;

  constructor(ctx: BaseContext) {
    this.refs = profileRefLoader(ctx.em, ctx.principal);
    this.favoritesByUser = groupedLoader<string, FavoriteRow>(
      async (users) => {
        const businessAccountId = profileReader(ctx.principal);
        if (businessAccountId === null || users.length === 0) return [];
        return ctx.em.execute<FavoriteRow[]>(
          `select f."user_id", f."store_id", f."created_at" from "favorite_store" f
         join "store" s on s."id" = f."store_id"
         where s."business_account_id" = ? and f."user_id" in (${inList(users)})
         order by f."user_id", f."created_at", f."store_id"`,
          [businessAccountId, ...users],
        );
      },
      (row) => row.user_id,
    );
  }

  /** The profile a reference names, or null unless it is the caller's business's and the caller has crm.profiles.read. */
  reference(id: string): Promise<CustomerProfileRef | null> {
    return this.refs.load(id);
  }

  /** The business's stores the person favorited, oldest favorite first. */
  async favorites(ref: CustomerProfileRef): Promise<CustomerProfileFavorite[]> {
    const rows = ref.userId ? await this.favoritesByUser.load(ref.userId) : [];
    return rows.map((r) => ({ storeId: r.store_id, favoritedAt: new Date(r.created_at) }));
  }
}
