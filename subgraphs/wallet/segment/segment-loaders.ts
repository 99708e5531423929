/**
 * Per-item fields of segments and their members, batched per request: the member counts of a page of
 * segments in one statement, the targets of a page in one, and each member's customer record at the
 * business in one.
 */
import DataLoader from 'dataloader';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { groupedLoader, keyedLoader } from '../../kernel/loaders.js';
import { BusinessCustomer } from '../business-customer/business-customer.entity.js';
import { membershipKey } from '../business-customer/business-customer.store.js';
import { countStatement } from '../../kernel/segments/segment-sql.js';
import { SegmentTarget, type Segment } from './segment.entity.js';

/** The member counts of `segments`, in order, in one statement (a UNION ALL of each count). */
export async function memberCounts(em: EntityManager, segments: readonly Segment[], now: Date): Promise<number[]> {
  if (segments.length === 0) return [];
  const parts = segments.map((s, i) => {
    const count = countStatement(s.rule, s.businessAccountId, now);
    return { sql: `select ${i} as "i", c."n" from (${count.sql}) c`, params: count.params };
  });
  const rows = await em.execute<{ i: number; n: number }[]>(
    parts.map((p) => p.sql).join(' union all '),
    parts.flatMap((p) => p.params),
  );
  const byIndex = new Map(rows.map((r) => [Number(r.i), Number(r.n)]));
  return segments.map((_, i) => byIndex.get(i) ?? 0);
}

async function customerRecordsOf(em: EntityManager, keys: readonly string[]): Promise<BusinessCustomer[]> {
  const pairs = keys.map((key) => key.split('/') as [string, string]);
  if (pairs.length === 0) return [];
  const rows = await em.execute<Record<string, unknown>[]>(
    `select * from "business_customer" where ("business_account_id", "user_id") in (${pairs
      .map(() => '(cast(? as uuid), cast(? as uuid))')
      .join(', ')})`,
    pairs.flat(),
  );
  return rows.map((row) => em.map(BusinessCustomer, row));
}

/** The segment loaders of one request. */
export function createSegmentLoaders(ctx: BaseContext) {
  const now = new Date();
  return {
    /** A segment's member count (before suppression), batched over a page of segments. */
    memberCount: new DataLoader<Segment, number, string>((segments) => memberCounts(ctx.em, segments, now), {
      cacheKeyFn: (s) => s.id,
    }),
    /** The targets of a segment, oldest first. */
    targets: groupedLoader<string, SegmentTarget>(
      (ids) =>
        ctx.em.find(SegmentTarget, { segmentId: { $in: [...ids] } }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      (t) => t.segmentId,
    ),
    /** The business's customer record of a member, by `business/user` key. */
    customerRecord: keyedLoader<string, BusinessCustomer>(
      (keys) => customerRecordsOf(ctx.em, keys),
      (c) => membershipKey(c.businessAccountId, c.userId ?? ''),
    ),
  };
}

export type SegmentLoaders = ReturnType<typeof createSegmentLoaders>;
