/**
 * The one erasure of a business's customer records (the wallet's `business_customer` table), called
 * by every path that must forget a customer: a business deleting a record, a storefront shop's
 * customers/redact and shop/redact deliveries (receipts), and account deletion (identity), which keeps
 * the user_account row as a tombstone, so its foreign key's cascade alone would never fire. In the
 * kernel because those subgraphs may not import the wallet. Each is one DELETE in the caller's
 * EntityManager (its transaction), so the erasure commits exactly with the change that asked for it.
 */
import type { EntityManager } from '../db/orm.js';
import { isUuid } from '../db/uuid.js';
import { normalizeEmail } from '../email.js';

/** A storefront shop's customer, as its privacy delivery names them (any of id and email may be missing). */
export interface StorefrontCustomerRef {
  readonly businessAccountId: string;
  readonly shopDomain: string;
  readonly shopCustomerId: string | null;
  readonly email: string | null;
}

/** Deletes the business's records matching `where`; answers how many went. */
async function erase(em: EntityManager, where: string, params: unknown[]): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from "business_customer" where ${where} returning "id"`,
    params,
  );
  return rows.length;
}

/** Erases the business's record `id`; answers whether it was there. */
export async function eraseBusinessCustomer(
  em: EntityManager,
  businessAccountId: string | null,
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  if (businessAccountId === null) return (await erase(em, '"id" = ?', [id])) > 0;
  return (await erase(em, '"id" = ? and "business_account_id" = ?', [id, businessAccountId])) > 0;
}

/**
 * Erases the storefront records of one shop customer of the business: by the shop's customer id, or
 * by email among that shop's records. Records the business's staff made, or a membership's, are the
 * business's own relationship with the person and stay. Answers how many went.
 */
export function eraseStorefrontCustomer(em: EntityManager, customer: StorefrontCustomerRef): Promise<number> {
  const shopDomain = customer.shopDomain.toLowerCase();
  const email = customer.email ? normalizeEmail(customer.email) : null;
  if (customer.shopCustomerId === null && email === null) return Promise.resolve(0);
  return erase(
    em,
    `"business_account_id" = ? and "source" = 'storefront' and "shop_domain" = ? and ("shop_customer_id" = ? or "email" = ?)`,
    [customer.businessAccountId, shopDomain, customer.shopCustomerId ?? '', email ?? ''],
  );
}

/** Erases every storefront record of the business's shop (shop/redact). Answers how many went. */
export function eraseStorefrontShopCustomers(
  em: EntityManager,
  shop: { readonly businessAccountId: string; readonly shopDomain: string },
): Promise<number> {
  return erase(em, `"business_account_id" = ? and "source" = 'storefront' and "shop_domain" = ?`, [
    shop.businessAccountId,
    shop.shopDomain.toLowerCase(),
  ]);
}

/** Erases every business's record of the user (account deletion). Answers how many went. */
export function eraseUserCustomers(em: EntityManager, userId: string): Promise<number> {
  return isUuid(userId) ? erase(em, '"user_id" = ?', [userId]) : Promise.resolve(0);
}
