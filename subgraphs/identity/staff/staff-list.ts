/**
 * The keyset query of a business's staff list: by kana reading then id (the index
 * `staff_member (business_account_id, name_kana, id)`), `first + 1` rows after the cursor's key.
 * Filters are conjunctive; the text filter finds a substring, case-insensitively, in the name, the
 * reading, the email or the employee code (a business's staff are few, so it filters the business's
 * index range rather than needing an index of its own).
 */
import type { CursorShape, CursorValue } from '../../kernel/connection.js';
import type { StaffMember, StaffRole, StaffStatus } from './staff-member.entity.js';

/** The sort key of the list: name_kana, id. */
export const STAFF_CURSOR: CursorShape = ['string', 'string'];

/** The sort key of a staff member, as the cursor holds it. */
export const staffKey = (member: StaffMember): CursorValue[] => [member.nameKana, member.id];

/** What a page of the list asks for (already validated). */
export interface StaffListQuery {
  readonly businessAccountId: string;
  readonly storeId: string | null;
  readonly role: StaffRole | null;
  readonly status: StaffStatus | null;
  /** Lower-cased, NFKC-normalized text to find. */
  readonly text: string | null;
  readonly first: number;
  readonly after: CursorValue[] | null;
}

/** The SQL and parameters of a page of staff members. */
export function staffListSql(q: StaffListQuery): { sql: string; params: unknown[] } {
  const where = ['s."business_account_id" = ?'];
  const params: unknown[] = [q.businessAccountId];
  const add = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (q.role) add('s."role" = ?', q.role);
  if (q.status) add('s."status" = ?', q.status);
  if (q.storeId) {
    add(
      'exists (select 1 from "staff_member_store" ss where ss."staff_member_id" = s."id" and ss."store_id" = ?)',
      q.storeId,
    );
  }
  if (q.text) {
    const columns = ['display_name', 'name_kana', 'email', 'employee_code'];
    add(
      `(${columns.map((c) => `strpos(lower(coalesce(s."${c}", '')), ?) > 0`).join(' or ')})`,
      ...columns.map(() => q.text),
    );
  }
  if (q.after) add('(s."name_kana", s."id") > (?::varchar, ?::uuid)', ...q.after);
  params.push(q.first + 1);
  return {
    sql: `select s.* from "staff_member" s where ${where.join(' and ')} order by s."name_kana", s."id" limit ?`,
    params,
  };
}
