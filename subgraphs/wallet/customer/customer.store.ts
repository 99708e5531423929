/**
 * The statements that write customers. Each is one statement, so the database decides races: joining
 * is an INSERT ... ON CONFLICT on (shop app, user), a change of points is one conditional UPDATE that
 * never takes points below 0, and every change of points or rank bumps `pass_updated_at` and writes its
 * `customer.updated` outbox event in that same statement (a CTE), so the event commits exactly with it.
 */
import { randomInt } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { MEMBERSHIP_RECORD_CTE } from '../business-customer/business-customer.store.js';
import { rankSql } from './customer-rank.js';
import { Customer } from './customer.entity.js';

/** Points a customer may hold at most (the column is a 32-bit int; this leaves room for any delta). */
export const MAX_POINTS = 1_000_000_000;
/** How many member numbers a join tries before giving up (12 random digits rarely collide even once). */
const MEMBER_NUMBER_TRIES = 5;

/** 12 random decimal digits (leading zeros kept): the member number printed on the card and its barcode. */
export function randomMemberNumber(): string {
  return String(randomInt(0, 1_000_000_000_000)).padStart(12, '0');
}

/** A membership to create. */
export interface NewMembership {
  readonly shopAppId: string;
  readonly userId: string;
  readonly points: number;
  readonly rankCode: string | null;
}

// The business's record of the member (business-customer.store.ts) is written by the same statement.
const INSERT_STATEMENT = `with "member" as (
    insert into "customer"
      ("id", "created_at", "updated_at", "shop_app_id", "user_id", "member_number", "points", "rank_code", "pass_updated_at")
    values (?, ?, ?, ?, ?, ?, ?, ?, ?)
    on conflict ("shop_app_id", "user_id") do nothing
    returning *
  ), ${MEMBERSHIP_RECORD_CTE}
  select * from "member"`;

const isMemberNumberClash = (error: unknown) =>
  error instanceof UniqueConstraintViolationException && /member_number/.test(error.message);

/**
 * Inserts the membership unless the user already has one at the shop app: answers the new customer,
 * or null when one was there. The shop's business gets its record of the member (source membership)
 * in the same statement, unless it has one. A member number another customer of the shop holds is replaced by a new
 * one and tried again (the unique constraint decides, not a read before).
 */
export async function insertMembership(
  em: EntityManager,
  membership: NewMembership,
  memberNumber: () => string = randomMemberNumber,
  now: Date = new Date(),
): Promise<Customer | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const rows = await em.execute<Record<string, unknown>[]>(INSERT_STATEMENT, [
        uuidv7(now.getTime()),
        now,
        now,
        membership.shopAppId,
        membership.userId,
        memberNumber(),
        membership.points,
        membership.rankCode,
        now,
        uuidv7(now.getTime()),
      ]);
      return rows[0] ? em.map(Customer, rows[0]) : null;
    } catch (error) {
      if (!isMemberNumberClash(error) || attempt >= MEMBER_NUMBER_TRIES) throw error;
    }
  }
}

/** What a change of points or rank needs besides the SET clause. */
export interface CustomerChange {
  readonly customerId: string;
  readonly shopId: string;
  readonly businessAccountId: string;
  readonly reason: string | null;
}

/** One UPDATE of the customer (`set`, with its own parameters first) with the pass bump and its outbox event. */
function changeStatement(set: string, where: string): string {
  return `with "changed" as (
    update "customer" as "c" set ${set}, "pass_updated_at" = ?, "updated_at" = ?
    where "c"."id" = ? ${where}
    returning "c".*
  ), "event" as (
    insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
    select ?, ?, ?, 'customer.updated', ?, ?, jsonb_build_object('customerId', "changed"."id", 'shopId', cast(? as text),
      'points', "changed"."points", 'rankCode', "changed"."rank_code", 'reason', cast(? as text))
    from "changed"
  )
  select * from "changed"`;
}

const ADJUST_STATEMENT = changeStatement(
  `"points" = "c"."points" + cast(? as int), "rank_code" = ${rankSql('c', '"c"."points" + cast(? as int)')}`,
  `and "c"."points" + cast(? as int) between 0 and ${MAX_POINTS}`,
);
const SET_RANK_STATEMENT = changeStatement(
  `"rank_code" = coalesce(cast(? as text), ${rankSql('c', '"c"."points"')})`,
  '',
);

async function change(
  em: EntityManager,
  statement: string,
  setParams: unknown[],
  whereParams: unknown[],
  change: CustomerChange,
  now: Date,
): Promise<Customer | null> {
  const rows = await em.execute<Record<string, unknown>[]>(statement, [
    ...setParams,
    now,
    now,
    change.customerId,
    ...whereParams,
    uuidv7(now.getTime()),
    now,
    now,
    change.businessAccountId,
    now,
    change.shopId,
    change.reason,
  ]);
  return rows[0] ? em.map(Customer, rows[0]) : null;
}

/**
 * Adds `delta` (negative: takes away) to the customer's points and sets the rank the new points reach,
 * unless the points would fall below 0 or rise above {@link MAX_POINTS}: then nothing changes and the
 * answer is null. Concurrent debits queue on the row lock and each re-checks the condition.
 */
export function adjustPoints(em: EntityManager, delta: number, at: CustomerChange, now = new Date()) {
  return change(em, ADJUST_STATEMENT, [delta, delta], [delta], at, now);
}

/** Puts the customer on rank `rankCode`, or on the rank its points reach when null; null when it is gone. */
export function setRank(em: EntityManager, rankCode: string | null, at: CustomerChange, now = new Date()) {
  return change(em, SET_RANK_STATEMENT, [rankCode], [], at, now);
}
