/**
 * A business's record of a storefront shop's customer (the wallet's `business_customer`, source
 * storefront), written by the receipts subgraph as it applies an order from the shop: in the kernel
 * because subgraphs may not import the wallet. One INSERT in the caller's EntityManager (the order's
 * savepoint), unique per business, shop and shop customer; a known customer keeps its record as the
 * business's staff may have edited it. Erased by customer-erasure.ts.
 */
import type { EntityManager } from '../db/orm.js';
import { uuidv7 } from '../db/uuid.js';
import { parseEmail } from '../email.js';

/** The stored form of a phone: digits with an optional leading +, its separators dropped; null if not one. */
export function normalizePhone(raw: string): string | null {
  const value = raw
    .normalize('NFKC')
    .trim()
    .replace(/[\s\-.()]/g, '');
  return /^\+?[0-9]{6,20}$/.test(value) ? value : null;
}

/** A storefront order's customer, as the receipts subgraph read it. */
export interface StorefrontCustomer {
  readonly businessAccountId: string;
  readonly shopDomain: string;
  readonly shopCustomerId: string | null;
  readonly name: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}

/** Records the shop customer for the business unless known; a guest (no shop customer id) is not recorded. */
export async function recordStorefrontCustomer(
  em: EntityManager,
  customer: StorefrontCustomer,
  now: Date,
): Promise<void> {
  if (customer.shopCustomerId === null) return;
  const email = customer.email ? parseEmail(customer.email) : null;
  await em.execute(
    `insert into "business_customer" ("id", "created_at", "updated_at", "business_account_id", "source",
       "shop_domain", "shop_customer_id", "name", "email", "phone")
     values (?, ?, ?, ?, 'storefront', ?, ?, ?, ?, ?)
     on conflict ("business_account_id", "shop_domain", "shop_customer_id") do nothing`,
    [
      uuidv7(now.getTime()),
      now,
      now,
      customer.businessAccountId,
      customer.shopDomain.toLowerCase(),
      customer.shopCustomerId,
      customer.name?.normalize('NFKC').trim().slice(0, 200) || null,
      email?.ok ? email.email : null,
      customer.phone ? normalizePhone(customer.phone) : null,
    ],
    'run',
  );
}
