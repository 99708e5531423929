/**
 * The statements of customer records that are more than a unit-of-work change: the membership record
 * a join writes in its own INSERT (a CTE, so both rows commit or neither), the keyset page of the
 * list, one UPDATE of consent flags, and the memberships of many records in one query.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import type { CursorValue } from '../../kernel/connection.js';
import { Customer } from '../customer/customer.entity.js';
import { BusinessCustomer, type BusinessCustomerSource } from './business-customer.entity.js';
import { CONSENT_COLUMNS, type CustomerConsent } from './business-customer.types.js';

/**
 * A CTE named `membership_record` that gives the business of each customer row of CTE `member` a
 * record of the member (source membership), unless it has one: its one parameter is the new id.
 * A membership insert adds it after its own CTE, so joining and the record commit together.
 */
export const MEMBERSHIP_RECORD_CTE = `"membership_record" as (
    insert into "business_customer" ("id", "created_at", "updated_at", "business_account_id", "source", "user_id")
    select cast(? as uuid), m."created_at", m."created_at", s."business_account_id", 'membership', m."user_id"
    from "member" m join "shop_app" s on s."id" = m."shop_app_id"
    on conflict ("business_account_id", "user_id") do nothing
  )`;

/** What a page of the list filters by. */
export interface CustomerFilter {
  readonly businessAccountId: string;
  readonly text: string | null;
  readonly source: BusinessCustomerSource | null;
  readonly consent: CustomerConsent | null;
}

/** `%text%` for LIKE, its wildcards escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the business's records, newest first, after the keyset `after` (created_at, id):
 * `first + 1` rows on the (business, created_at, id) index.
 */
export async function customerPage(
  em: EntityManager,
  filter: CustomerFilter,
  first: number,
  after: CursorValue[] | null,
): Promise<BusinessCustomer[]> {
  const where = ['"business_account_id" = ?'];
  const params: unknown[] = [filter.businessAccountId];
  if (filter.source) {
    where.push('"source" = ?');
    params.push(filter.source);
  }
  if (filter.consent) where.push(`"${CONSENT_COLUMNS[filter.consent]}"`);
  if (filter.text) {
    // Phones are stored as digits: a text that is a phone number in any notation matches them too.
    const digits = filter.text.replace(/[\s\-.()]/g, '');
    const phone = /^\+?[0-9]+$/.test(digits);
    where.push(`("name" ilike ? or "name_kana" ilike ? or "email" like ?${phone ? ' or "phone" like ?' : ''})`);
    params.push(contains(filter.text), contains(filter.text), contains(filter.text.toLowerCase()));
    if (phone) params.push(contains(digits));
  }
  if (after) {
    where.push('("created_at", "id") < (?, ?)');
    params.push(...after);
  }
  const rows = await em.execute<Record<string, unknown>[]>(
    `select * from "business_customer" where ${where.join(' and ')} order by "created_at" desc, "id" desc limit ?`,
    [...params, first + 1],
  );
  return rows.map((row) => em.map(BusinessCustomer, row));
}

/** The consent flags to set (absent: unchanged). */
export type ConsentChange = Partial<Record<CustomerConsent, boolean>>;

/**
 * Sets the given flags in one UPDATE; a flag's time is set when its value changes or was never set.
 * Answers the record, or null when no record of the business (null: any) has this id.
 */
export async function setConsent(
  em: EntityManager,
  id: string,
  businessAccountId: string | null,
  change: ConsentChange,
  now: Date,
): Promise<BusinessCustomer | null> {
  const set: string[] = [];
  const params: unknown[] = [];
  for (const [flag, value] of Object.entries(change) as [CustomerConsent, boolean][]) {
    const column = CONSENT_COLUMNS[flag];
    set.push(
      `"${column}" = ?`,
      `"${column}_changed_at" = case when "${column}_changed_at" is null or "${column}" <> ? then ? else "${column}_changed_at" end`,
    );
    params.push(value, value, now);
  }
  const ofBusiness = businessAccountId ? ' and "business_account_id" = ?' : '';
  const rows = await em.execute<Record<string, unknown>[]>(
    `update "business_customer" set ${set.join(', ')}, "updated_at" = ? where "id" = ?${ofBusiness} returning *`,
    [...params, now, id, ...(businessAccountId ? [businessAccountId] : [])],
  );
  return rows[0] ? em.map(BusinessCustomer, rows[0]) : null;
}

/** The key of a record's memberships: its business and user. */
export const membershipKey = (businessAccountId: string, userId: string) => `${businessAccountId}/${userId}`;

/** The memberships at shop apps of each (business, user) key, oldest first, in one query. */
export async function membershipsOf(
  em: EntityManager,
  keys: readonly string[],
): Promise<{ key: string; customer: Customer }[]> {
  const pairs = keys.map((key) => key.split('/') as [string, string]);
  if (pairs.length === 0) return [];
  const rows = await em.execute<(Record<string, unknown> & { business_account_id: string })[]>(
    `select c.*, s."business_account_id" from "customer" c join "shop_app" s on s."id" = c."shop_app_id"
     where (s."business_account_id", c."user_id") in (${pairs.map(() => '(cast(? as uuid), cast(? as uuid))').join(', ')})
     order by c."id"`,
    pairs.flat(),
  );
  return rows.map(({ business_account_id, ...row }) => {
    const customer = em.map(Customer, row);
    return { key: membershipKey(business_account_id, customer.userId), customer };
  });
}
