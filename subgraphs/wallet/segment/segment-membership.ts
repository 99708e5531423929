/**
 * Segment membership, for the wallet's own views and tests. No access check here: callers have already
 * decided who asks; every answer is computed in SQL over the segment's own business's data, and deleted
 * accounts are never members. (The consumer views that narrow targeted coupons and flyers evaluate
 * membership themselves, in one statement per request: kernel/segments/targeting.ts.)
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { membershipStatement, pageStatement } from '../../kernel/segments/segment-sql.js';
import { Segment } from './segment.entity.js';

async function segmentOf(em: EntityManager, segmentId: string): Promise<Segment | null> {
  return isUuid(segmentId) ? em.findOne(Segment, { id: segmentId }) : null;
}

/** Whether `userId` is a member of segment `segmentId` now (false for an unknown segment). */
export async function isInSegment(
  em: EntityManager,
  segmentId: string,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  if (!isUuid(userId)) return false;
  return (await segmentMemberIds(em, segmentId, [userId], now)).length === 1;
}

/**
 * The members of segment `segmentId` now, ordered by user id: all of them, or those among `userIds`
 * when given (the cheap form for a page of users). Empty for an unknown segment.
 */
export async function segmentMemberIds(
  em: EntityManager,
  segmentId: string,
  userIds?: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const segment = await segmentOf(em, segmentId);
  if (!segment) return [];
  const ids = userIds?.filter(isUuid);
  if (ids && ids.length === 0) return [];
  const statement = ids
    ? membershipStatement(segment.rule, segment.businessAccountId, now, ids)
    : pageStatement(segment.rule, segment.businessAccountId, now, null, Number.MAX_SAFE_INTEGER);
  const rows = await em.execute<{ user_id: string }[]>(statement.sql, statement.params);
  return rows.map((r) => r.user_id).sort();
}
