/**
 * Who may act on a customer: the customer's own user token, a business token of
 * the shop app's business, or the operator. Anyone else, and a customer of another shop app, is told
 * the customer does not exist (404 `customer_not_found`), so a token learns nothing about customers it
 * may not see. The access rules (access.ts) have already checked the caller's kind and scope.
 */
import type { Principal } from '../../kernel/auth/principal.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError } from '../../kernel/errors.js';
import { Customer } from './customer.entity.js';

/** The facts of a shop app the wallet needs (stores subgraph's shop_app row, read by SQL). */
export interface WalletShop {
  readonly shopAppId: string;
  readonly shopId: string;
  readonly businessAccountId: string;
  readonly name: string;
  readonly logoUrl: string | null;
  /** The membership card config as stored (stores' MembershipCardConfig JSON), or null when not configured. */
  readonly membershipCard: Record<string, unknown> | null;
}

/** A customer with its shop app. */
export interface CustomerAtShop {
  readonly customer: Customer;
  readonly shop: WalletShop;
}

export const customerNotFound = () =>
  new NotFoundError('The shop app has no customer with this id that you may see.', 'customer_not_found');

interface ShopRow {
  id: string;
  shop_id: string;
  business_account_id: string;
  name: string;
  logo_url: string | null;
  membership_card: Record<string, unknown> | string | null;
}

/** The shop app addressed by `shopId`, or null. */
export async function findShop(ctx: Pick<BaseContext, 'em'>, shopId: string): Promise<WalletShop | null> {
  const rows = await ctx.em.execute<ShopRow[]>(
    'select "id", "shop_id", "business_account_id", "name", "logo_url", "membership_card" from "shop_app" where "shop_id" = ?',
    [shopId],
  );
  const row = rows[0];
  return row ? shopOf(row) : null;
}

/** The shop apps with these ids (shop_app.id), in no particular order; unknown ids are left out. */
export async function findShopsByAppId(
  ctx: Pick<BaseContext, 'em'>,
  shopAppIds: readonly string[],
): Promise<WalletShop[]> {
  const ids = shopAppIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await ctx.em.execute<ShopRow[]>(
    `select "id", "shop_id", "business_account_id", "name", "logo_url", "membership_card" from "shop_app" where "id" in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return rows.map(shopOf);
}

function shopOf(row: ShopRow): WalletShop {
  const card =
    typeof row.membership_card === 'string'
      ? (JSON.parse(row.membership_card) as Record<string, unknown> | null)
      : row.membership_card;
  return {
    shopAppId: row.id,
    shopId: row.shop_id,
    businessAccountId: row.business_account_id,
    name: row.name,
    logoUrl: row.logo_url,
    membershipCard: card ?? null,
  };
}

/** Whether `principal` may act on `customer` of `shop`. */
export function mayActOnCustomer(principal: Principal, customer: Customer, shop: WalletShop): boolean {
  if (principal.kind === 'operator') return true;
  if (principal.kind === 'user') return customer.userId === principal.userId;
  if (principal.kind === 'business') return shop.businessAccountId === principal.businessAccountId;
  return false;
}

/** The customer `customerId` of the shop app `shopId` when the caller may act on it, else null. */
export async function findCustomerForCaller(
  ctx: Pick<BaseContext, 'em' | 'principal'>,
  shopId: string,
  customerId: string,
): Promise<CustomerAtShop | null> {
  if (!isUuid(customerId)) return null;
  const shop = await findShop(ctx, shopId);
  if (!shop) return null;
  const customer = await ctx.em.findOne(Customer, { id: customerId, shopAppId: shop.shopAppId });
  if (!customer || !mayActOnCustomer(ctx.principal, customer, shop)) return null;
  return { customer, shop };
}

/** {@link findCustomerForCaller}, or NOT_FOUND `customer_not_found`. */
export async function requireCustomerForCaller(
  ctx: Pick<BaseContext, 'em' | 'principal'>,
  shopId: string,
  customerId: string,
): Promise<CustomerAtShop> {
  const found = await findCustomerForCaller(ctx, shopId, customerId);
  if (!found) throw customerNotFound();
  return found;
}
