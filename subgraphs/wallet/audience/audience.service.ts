/**
 * The audience of a business (sns.audience.read): followers (people with a favorite store of the
 * business) and members (people with a membership at one of its shop apps), per Asia/Tokyo day. Only
 * current rows exist (an unfollow deletes its favorite; memberships are not ended), so a day's total is
 * the people who had followed (joined) by its end and still do: history is rebuilt from first-follow
 * and join times. Every figure counts distinct people with live accounts and is suppressed below
 * MIN_GROUP_SIZE unless the caller has crm.profiles.read. Four statements per call.
 */
import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { shownOrSuppressed } from '../../kernel/privacy/min-group.js';
import type { Audience, AudienceDay, AudienceInput } from './audience.types.js';

const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;
/** The longest range, in days. */
export const MAX_AUDIENCE_DAYS = 366;

const LIVE = 'join "user_account" u on u."id" = x."user_id" and u."deleted_at" is null';

/** First follow per person (of the store, or of any store of the business), counted per JST day before `end`. */
const FOLLOWS_BY_DAY = `select to_char(x."since" at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as "day", count(*)::int as "n"
  from (select f."user_id", min(f."created_at") as "since" from "favorite_store" f join "store" st on st."id" = f."store_id"
         where st."business_account_id" = ? and (cast(? as uuid) is null or f."store_id" = cast(? as uuid)) group by f."user_id") x
  ${LIVE} where x."since" < ? group by 1`;

/** First membership per person at the business's shop apps (listing the store, when one is given). */
const JOINS_BY_DAY = `select to_char(x."since" at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as "day", count(*)::int as "n"
  from (select cu."user_id", min(cu."created_at") as "since" from "customer" cu join "shop_app" sa on sa."id" = cu."shop_app_id"
         where sa."business_account_id" = ? and (cast(? as uuid) is null or exists (select 1 from "shop_app_store" ss
           where ss."shop_app_id" = sa."id" and ss."store_id" = cast(? as uuid))) group by cu."user_id") x
  ${LIVE} where x."since" < ? group by 1`;

const BY_RANK = `select x."rank_code", count(distinct x."user_id")::int as "n"
  from (select cu."user_id", cu."rank_code" from "customer" cu join "shop_app" sa on sa."id" = cu."shop_app_id"
         where sa."business_account_id" = ? and cu."created_at" < ? and (cast(? as uuid) is null or exists (select 1
           from "shop_app_store" ss where ss."shop_app_id" = sa."id" and ss."store_id" = cast(? as uuid)))) x
  ${LIVE} group by x."rank_code" order by x."rank_code" nulls last`;

const BY_STORE = `select st."id" as "store_id",
    count(x."user_id") filter (where x."created_at" < ?)::int as "followers",
    count(x."user_id") filter (where x."created_at" >= ? and x."created_at" < ?)::int as "new_followers"
  from "store" st left join ("favorite_store" x ${LIVE}) on x."store_id" = st."id"
  where st."business_account_id" = ? and (cast(? as uuid) is null or st."id" = cast(? as uuid))
  group by st."id" order by st."id"`;

/** 00:00 Asia/Tokyo of a YYYY-MM-DD day, or null when it is not a real date. */
function startOfJstDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const utc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return new Date(utc - JST_OFFSET_MS);
}

const dayOf = (start: Date) => new Date(start.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);

/** Audience figures of the caller's business. */
export class AudienceService {
  constructor(private readonly ctx: BaseContext) {}

  /** The audience over `input`'s days; BAD_USER_INPUT for a bad or too long range. */
  async audience(input: AudienceInput): Promise<Audience> {
    const own =
      this.ctx.principal.kind === 'operator'
        ? null
        : requireBusinessScope(this.ctx.principal, 'sns.audience.read').businessAccountId;
    const business = own ?? input.businessAccountId ?? '';
    const v = new Validation();
    const start = startOfJstDay(input.from);
    const last = startOfJstDay(input.to);
    v.check(start !== null, 'from', 'must be a date, YYYY-MM-DD');
    v.check(last !== null, 'to', 'must be a date, YYYY-MM-DD');
    const days = start && last ? (last.getTime() - start.getTime()) / DAY_MS + 1 : 1;
    v.check(
      days >= 1 && days <= MAX_AUDIENCE_DAYS,
      'to',
      `must be from \`from\` to ${MAX_AUDIENCE_DAYS - 1} days after it`,
    );
    v.check(own !== null || isUuid(business), 'businessAccountId', 'the operator must name the business (a UUID)');
    v.check(!input.storeId || isUuid(input.storeId), 'storeId', 'must be a UUID');
    v.throwIfInvalid();
    const storeId = input.storeId ?? null;
    if (storeId) await this.requireStore(business, storeId);
    const end = new Date(last!.getTime() + DAY_MS);
    const q = <T>(sql: string, params: unknown[]) => this.ctx.em.execute<T[]>(sql, params);
    const follows = await q<{ day: string; n: number }>(FOLLOWS_BY_DAY, [business, storeId, storeId, end]);
    const joins = await q<{ day: string; n: number }>(JOINS_BY_DAY, [business, storeId, storeId, end]);
    const ranks = await q<{ rank_code: string | null; n: number }>(BY_RANK, [business, end, storeId, storeId]);
    const stores = await q<{ store_id: string; followers: number; new_followers: number }>(BY_STORE, [
      end,
      start,
      end,
      business,
      storeId,
      storeId,
    ]);
    const show = (n: number) => shownOrSuppressed(this.ctx.principal, n, n);
    return {
      businessAccountId: business,
      from: input.from,
      to: input.to,
      storeId,
      days: this.series(start!, days, follows, joins),
      byRank: ranks.map((r) => ({ rankCode: r.rank_code, members: show(Number(r.n)) })),
      byStore: stores.map((s) => ({
        storeId: s.store_id,
        followers: show(Number(s.followers)),
        newFollowers: show(Number(s.new_followers)),
      })),
    };
  }

  /** Running totals and daily growth from counts per first day (days before `start` make the base). */
  private series(
    start: Date,
    days: number,
    follows: { day: string; n: number }[],
    joins: { day: string; n: number }[],
  ): AudienceDay[] {
    const first = dayOf(start);
    const perDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
    const base = (rows: { day: string; n: number }[]) =>
      rows.filter((r) => r.day < first).reduce((s, r) => s + Number(r.n), 0);
    const [followsOn, joinsOn] = [perDay(follows), perDay(joins)];
    let [followers, members] = [base(follows), base(joins)];
    const show = (n: number) => shownOrSuppressed(this.ctx.principal, n, n);
    return Array.from({ length: days }, (_, i) => {
      const date = dayOf(new Date(start.getTime() + i * DAY_MS));
      const [newFollowers, newMembers] = [followsOn.get(date) ?? 0, joinsOn.get(date) ?? 0];
      followers += newFollowers;
      members += newMembers;
      return {
        date,
        followers: show(followers),
        newFollowers: show(newFollowers),
        members: show(members),
        newMembers: show(newMembers),
      };
    });
  }

  private async requireStore(business: string, storeId: string): Promise<void> {
    const rows = await this.ctx.em.execute<{ id: string }[]>(
      'select "id" from "store" where "id" = ? and "business_account_id" = ?',
      [storeId, business],
    );
    if (rows.length === 0) throw new NotFoundError('No store of this business has this id.', 'store_not_found');
  }
}
