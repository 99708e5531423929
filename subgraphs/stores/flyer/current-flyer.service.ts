import { requireUserScope } from '../../kernel/auth/access.js';
import { connectionOf, pageArgs } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { targetingFilter } from '../../kernel/segments/targeting.js';
import { recordContentView, viewerOf } from '../content-view/record-content-view.js';
import { PUBLIC_STORE_SQL } from '../favorite/favorite.service.js';
import { Flyer } from './flyer.entity.js';
import type { CurrentFlyerConnection, MyFlyersArgs } from './current-flyer.types.js';

/**
 * The flyers a consumer sees: published, valid now (validFrom <= now < validTo, the database's clock),
 * of a public store the user has favorited. Drafts, scheduled, archived and expired flyers never match,
 * whoever the business. A flyer that segments target shows only to their members (`targeting`,
 * kernel/segments/targeting.ts).
 */
const CURRENT_SQL = (extra: string, targeting: string) => `select fl.* from "flyer" fl
  join "favorite_store" f on f."store_id" = fl."store_id" and f."user_id" = ?
  join "store" s on s."id" = fl."store_id"
  where ${PUBLIC_STORE_SQL} and fl."status" = 'published' and fl."published_at" is not null
    and fl."valid_from" <= now() and now() < fl."valid_to" and ${targeting} ${extra}
  order by fl."published_at" desc, fl."id" desc
  limit ?`;

const flyerNotFound = () => new NotFoundError('No current flyer of a favorite store has this id.', 'flyer_not_found');

/** The consumer's side of flyers (user.favorites.read): the current flyers of the user's favorite stores. */
export class CurrentFlyerService {
  constructor(private readonly ctx: BaseContext) {}

  private user(): string {
    return requireUserScope(this.ctx.principal, 'user.favorites.read').userId;
  }

  /** A page of the current flyers of the user's favorite stores, newest published first. */
  async list(args: MyFlyersArgs): Promise<CurrentFlyerConnection> {
    const userId = this.user();
    const v = new Validation();
    const { first, after } = pageArgs(args, ['date', 'string'], v);
    v.throwIfInvalid();
    const keyset = after ? 'and (fl."published_at", fl."id") < (?, ?)' : '';
    const targeting = await targetingFilter(this.ctx.em, 'flyer', 'fl."id"', userId);
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(CURRENT_SQL(keyset, targeting.sql), [
      userId,
      ...targeting.params,
      ...(after ?? []),
      first + 1,
    ]);
    const flyers = rows.map((row) => this.ctx.em.map(Flyer, row));
    return connectionOf(flyers, first, (f) => [f.publishedAt!, f.id], after !== null);
  }

  /** One flyer the list would show; NOT_FOUND flyer_not_found for any other id. */
  async one(id: string): Promise<Flyer> {
    const userId = this.user();
    const targeting = isUuid(id) ? await targetingFilter(this.ctx.em, 'flyer', 'fl."id"', userId) : null;
    const rows = targeting
      ? await this.ctx.em.execute<Record<string, unknown>[]>(CURRENT_SQL('and fl."id" = ?', targeting.sql), [
          userId,
          ...targeting.params,
          id,
          1,
        ])
      : [];
    if (!rows[0]) throw flyerNotFound();
    const flyer = this.ctx.em.map(Flyer, rows[0]);
    // A consumer opening one flyer is a view of it at its store (analytics snapshots' flyerViews).
    await recordContentView(this.ctx.em, {
      kind: 'flyer',
      contentId: flyer.id,
      storeId: flyer.storeId,
      at: new Date(),
      viewer: viewerOf(this.ctx),
    });
    return flyer;
  }
}
