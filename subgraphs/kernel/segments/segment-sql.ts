/**
 * A segment's rule compiled into one SQL statement: each leaf is a set of user ids taken only from the
 * business's own rows (its stores, campaigns, shop apps, orders and customer records), `all` is their
 * INTERSECT and `any` their UNION. Every value travels as a `?` parameter, never in the SQL text; the
 * text is made only from this file's constants, so a rule cannot change the statement's shape.
 *
 * The tables are other subgraphs' (receipts, engagement, stores, identity, the wallet's own), read
 * here with named columns and never written (docs/decisions/0019-crm-segments.md). It lives in the
 * kernel because two subgraphs evaluate segments: the wallet (segments and their members) and the
 * stores (consumer views of coupons and flyers a segment targets, targeting.ts). The members are
 * live accounts: a deleted account (identity keeps its row as a tombstone with `deleted_at`) leaves
 * every segment at once.
 */
import type { Rule } from './rule.js';

/** SQL with `?` placeholders and their values, in order. */
export interface Statement {
  readonly sql: string;
  readonly params: unknown[];
}

const DAY_MS = 86_400_000;
/** Asia/Tokyo is UTC+9 all year (no daylight saving time). */
const JST_OFFSET_MS = 9 * 3_600_000;

/** The instant `days` Asia/Tokyo calendar days ago began, counting today as the first day. */
export function sinceJstDays(now: Date, days: number): Date {
  const startOfToday = Math.floor((now.getTime() + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
  return new Date(startOfToday - (days - 1) * DAY_MS);
}

/**
 * What a user spent at the business since an instant: receipts they claimed at its stores, and its
 * orders (paid or further, not cancelled) whose customer record names them. An order that records a
 * POS sale the same user also claimed as a receipt counts once (as the receipt). JPY only.
 */
const SPENT = `select s."user_id" from (
    select c."user_id", t."total_amount" as "amount"
      from "receipt_claim" c
      join "transaction" t on t."id" = c."transaction_id"
      join "store" st on st."id" = t."store_id"
     where st."business_account_id" = ? and t."occurred_at" >= ? and t."currency" = 'JPY' and c."user_id" is not null
    union all
    select bc."user_id", o."total_amount"
      from "sales_order" o
      join "business_customer" bc on bc."id" = o."customer_id" and bc."business_account_id" = o."business_account_id"
     where o."business_account_id" = ? and o."placed_at" >= ? and o."currency" = 'JPY'
       and o."status" in ('paid', 'fulfilled', 'closed') and bc."user_id" is not null
       and (o."transaction_id" is null or not exists (select 1 from "receipt_claim" oc
                        where oc."transaction_id" = o."transaction_id" and oc."user_id" = bc."user_id"))
  ) s group by s."user_id" having sum(s."amount") >= ?`;

/** Claimed a receipt of the store, or checked in there. */
const VISITED = `select c."user_id" from "receipt_claim" c
      join "transaction" t on t."id" = c."transaction_id"
      join "store" st on st."id" = t."store_id"
     where t."store_id" = ? and st."business_account_id" = ? and c."user_id" is not null
    union
    select ci."user_id" from "check_in" ci join "store" st on st."id" = ci."store_id"
     where ci."store_id" = ? and st."business_account_id" = ?`;

const CHECKED_IN = `select ci."user_id" from "check_in" ci
      join "check_in_campaign" cc on cc."id" = ci."campaign_id"
     where cc."id" = ? and cc."business_account_id" = ?`;

const FAVORITED_ANY = `select f."user_id" from "favorite_store" f join "store" st on st."id" = f."store_id"
     where st."business_account_id" = ?`;

const FAVORITED_STORE = `${FAVORITED_ANY} and f."store_id" = ?`;

const RANK = `select cu."user_id" from "customer" cu join "shop_app" sa on sa."id" = cu."shop_app_id"
     where sa."business_account_id" = ? and cu."rank_code" = ?`;

/** The answer holds the choice (or is the rating): jsonb containment of one answer object. */
const ANSWERED = `select r."user_id" from "survey_response" r
      join "survey_campaign" sc on sc."id" = r."campaign_id"
     where sc."id" = ? and sc."business_account_id" = ? and r."user_id" is not null
       and r."answers" @> cast(? as jsonb)`;

function leaf(rule: Rule, business: string, now: Date): Statement {
  if ('spent' in rule) {
    const since = sinceJstDays(now, rule.spent.days);
    return { sql: SPENT, params: [business, since, business, since, rule.spent.atLeast] };
  }
  if ('visited' in rule) {
    const store = rule.visited.storeId;
    return { sql: VISITED, params: [store, business, store, business] };
  }
  if ('checkedIn' in rule) return { sql: CHECKED_IN, params: [rule.checkedIn.campaignId, business] };
  if ('favorited' in rule)
    return rule.favorited.storeId
      ? { sql: FAVORITED_STORE, params: [business, rule.favorited.storeId] }
      : { sql: FAVORITED_ANY, params: [business] };
  if ('rank' in rule) return { sql: RANK, params: [business, rule.rank.rankCode] };
  if ('answered' in rule) {
    const { campaignId, questionId, choice, rating } = rule.answered;
    const answer = choice !== null ? { questionId, choices: [choice] } : { questionId, rating };
    return { sql: ANSWERED, params: [campaignId, business, JSON.stringify([answer])] };
  }
  throw new Error('not a leaf rule');
}

/** The set of user ids `rule` selects (possibly with repeats), over the business's own data only. */
export function compileRule(rule: Rule, business: string, now: Date): Statement {
  if ('all' in rule || 'any' in rule) {
    const parts = ('all' in rule ? rule.all : rule.any).map((r) => compileRule(r, business, now));
    const op = 'all' in rule ? ' intersect ' : ' union ';
    return { sql: parts.map((p) => `(${p.sql})`).join(op), params: parts.flatMap((p) => p.params) };
  }
  return leaf(rule, business, now);
}

/** The members: the rule's users whose accounts are live, as `from` clause `m` with `m."user_id"`. */
function members(rule: Rule, business: string, now: Date): Statement {
  const set = compileRule(rule, business, now);
  return {
    sql: `(select distinct x."user_id" from (${set.sql}) x
      join "user_account" u on u."id" = x."user_id" where u."deleted_at" is null) m`,
    params: set.params,
  };
}

/** How many members the rule has (`n`). */
export function countStatement(rule: Rule, business: string, now: Date): Statement {
  const from = members(rule, business, now);
  return { sql: `select count(*)::int as "n" from ${from.sql}`, params: from.params };
}

/** A page of members by user id (keyset `after`), `limit` rows (`user_id`). */
export function pageStatement(rule: Rule, business: string, now: Date, after: string | null, limit: number): Statement {
  const from = members(rule, business, now);
  const keyset = after === null ? '' : ' where m."user_id" > cast(? as uuid)';
  return {
    sql: `select m."user_id" from ${from.sql}${keyset} order by m."user_id" limit ?`,
    params: [...from.params, ...(after === null ? [] : [after]), limit],
  };
}

/** Which of `userIds` are members (`user_id`). */
export function membershipStatement(rule: Rule, business: string, now: Date, userIds: readonly string[]): Statement {
  const from = members(rule, business, now);
  return {
    sql: `select m."user_id" from ${from.sql} where m."user_id" in (${userIds.map(() => 'cast(? as uuid)').join(', ')})`,
    params: [...from.params, ...userIds],
  };
}
