/**
 * Segment targeting of consumer content: a coupon or flyer that one or more segments target
 * (`segment_target`, written by the wallet's segment module) is shown to a consumer only when they are
 * a member of at least one of those segments now; content no segment targets is shown to everyone who
 * would see it anyway (the consumer's favorite public stores). Management views are unaffected.
 *
 * Read-only over the wallet's `segment` and `segment_target` tables (docs/decisions/0019-crm-segments.md).
 * A consumer view asks {@link targetingFilter} once per request: it finds the segments targeting that
 * kind of content of the businesses whose stores the user has favorited (only those can matter), and
 * evaluates the user's membership of all of them in one statement. The answer is an SQL predicate the
 * view's own query adds, so paging and limits stay in the database.
 */
import type { EntityManager } from '../db/orm.js';
import type { Rule } from './rule.js';
import { membershipStatement, type Statement } from './segment-sql.js';

/** What a segment can target (the `kind` of `segment_target`). */
export type TargetedContentKind = 'coupon' | 'flyer';

/** An SQL predicate over a content id column, with its parameters. */
export interface TargetingFilter {
  readonly sql: string;
  readonly params: unknown[];
}

interface CandidateRow {
  readonly id: string;
  readonly business_account_id: string;
  readonly rule: Rule | string;
}

/** The segments targeting `kind` content of the businesses whose stores `userId` has favorited. */
const CANDIDATES_SQL = `select distinct s."id", s."business_account_id", s."rule"
  from "segment" s
  join "segment_target" t on t."segment_id" = s."id" and t."kind" = ?
 where s."business_account_id" in (
   select st."business_account_id" from "favorite_store" f join "store" st on st."id" = f."store_id"
    where f."user_id" = ?)
 order by s."id"`;

/** The ids of the segments among `candidates` that `userId` is a member of now. */
async function memberSegments(
  em: EntityManager,
  candidates: readonly CandidateRow[],
  userId: string,
  now: Date,
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const parts: Statement[] = candidates.map((segment) => {
    const rule = typeof segment.rule === 'string' ? (JSON.parse(segment.rule) as Rule) : segment.rule;
    const members = membershipStatement(rule, segment.business_account_id, now, [userId]);
    return {
      sql: `(select cast(? as uuid) as "segment_id" where exists (${members.sql}))`,
      params: [segment.id, ...members.params],
    };
  });
  const rows = await em.execute<{ segment_id: string }[]>(
    parts.map((p) => p.sql).join(' union all '),
    parts.flatMap((p) => p.params),
  );
  return rows.map((r) => r.segment_id);
}

/**
 * The predicate "`column` (a `kind` content id) is untargeted, or targeted by a segment `userId` is a
 * member of now", for a consumer view's query. `column` is a column of the caller's own SQL (a
 * constant such as `c."id"`), never input.
 */
export async function targetingFilter(
  em: EntityManager,
  kind: TargetedContentKind,
  column: string,
  userId: string,
  now = new Date(),
): Promise<TargetingFilter> {
  const candidates = await em.execute<CandidateRow[]>(CANDIDATES_SQL, [kind, userId]);
  const member = await memberSegments(em, candidates, userId, now);
  const untargeted = `not exists (select 1 from "segment_target" tg where tg."kind" = ? and tg."content_id" = ${column})`;
  if (member.length === 0) return { sql: `(${untargeted})`, params: [kind] };
  const targetedAtMember = `exists (select 1 from "segment_target" tg where tg."kind" = ? and tg."content_id" = ${column}
      and tg."segment_id" in (${member.map(() => 'cast(? as uuid)').join(', ')}))`;
  return { sql: `(${untargeted} or ${targetedAtMember})`, params: [kind, kind, ...member] };
}
