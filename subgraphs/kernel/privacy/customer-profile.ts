/**
 * Customer profiles (crm.profiles.read, decision 0021): a profile is one customer record of a
 * business (the wallet's `business_customer` row; the profile id is the record id), joined through
 * the federation entity `CustomerProfile @key(fields: "id")` with what each subgraph knows of the
 * same person at that business. Every contributing subgraph resolves a reference here, from the
 * record itself: the business and user come from the database, never from the reference, so a
 * reference forged for another business's record, or by a caller without the scope, resolves to
 * null. In the kernel because the subgraphs may not import the wallet. The record's erasure (account
 * deletion, storefront redaction: customer-erasure.ts) is the profile's erasure.
 */
import type DataLoader from 'dataloader';
import type { Principal } from '../auth/principal.js';
import type { EntityManager } from '../db/orm.js';
import { isUuid } from '../db/uuid.js';
import { keyedLoader } from '../loaders.js';
import { PROFILES_SCOPE } from './min-group.js';

/** What a subgraph needs of a profile to answer its fields: its business and person. */
export interface CustomerProfileRef {
  /** The profile id: the business's customer record id. */
  readonly id: string;
  readonly businessAccountId: string;
  /** The user the record names (a membership's); null for a storefront or staff record. */
  readonly userId: string | null;
}

/** The business whose profiles `principal` may read: a business token's own with crm.profiles.read, else null. */
export function profileReader(principal: Principal): string | null {
  return principal.kind === 'business' && principal.scopes.has(PROFILES_SCOPE) ? principal.businessAccountId : null;
}

/**
 * The profiles among `ids` that `principal` may read, in one query; ids of another business's
 * records, of no record, or asked by a caller without the scope are left out.
 */
export async function readableProfileRefs(
  em: EntityManager,
  principal: Principal,
  ids: readonly string[],
): Promise<CustomerProfileRef[]> {
  const businessAccountId = profileReader(principal);
  const wanted = [...new Set(ids.filter(isUuid))];
  if (businessAccountId === null || wanted.length === 0) return [];
  const rows = await em.execute<{ id: string; business_account_id: string; user_id: string | null }[]>(
    `select "id", "business_account_id", "user_id" from "business_customer"
     where "business_account_id" = ? and "id" in (${wanted.map(() => '?').join(', ')})`,
    [businessAccountId, ...wanted],
  );
  return rows.map((r) => ({ id: r.id, businessAccountId: r.business_account_id, userId: r.user_id }));
}

/** `?, ?, …` for `values`, and the values, for an `in (…)` list. */
export function inList(values: readonly string[]): string {
  return values.map(() => '?').join(', ');
}

/**
 * A request-scoped loader of the profiles `principal` may read, by id (the reference resolver of
 * every contributing subgraph): one query per batch of references, null for any other id.
 */
export function profileRefLoader(
  em: EntityManager,
  principal: Principal,
): DataLoader<string, CustomerProfileRef | null> {
  return keyedLoader<string, CustomerProfileRef>(
    (ids) => readableProfileRefs(em, principal, ids),
    (ref) => ref.id,
  );
}
