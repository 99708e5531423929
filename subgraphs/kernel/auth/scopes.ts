/**
 * The OAuth scopes of interface v1. Business scopes (store.*, crm.*, sns.*, analytics.read,
 * sales.read) act for a business account and need its owner's consent; user scopes (user.*) act for
 * a consumer and go only to first-party or approved apps. One request never mixes the two.
 */
export const BUSINESS_SCOPES = [
  'store.products.read',
  'store.products.write',
  'store.orders.read',
  'store.orders.write',
  'store.customers.read',
  'store.customers.write',
  'store.coupons.read',
  'store.coupons.write',
  'store.inventory.read',
  'store.inventory.write',
  'store.flyers.read',
  'store.flyers.write',
  'store.staff.read',
  'store.staff.write',
  'store.business-hours.read',
  'store.business-hours.write',
  'store.reservations.read',
  'store.reservations.write',
  'store.info.read',
  'store.info.write',
  'store.receipts.write',
  'store.campaigns.read',
  'store.campaigns.write',
  'crm.profiles.read',
  'crm.segments.read',
  'sns.content.read',
  'sns.content.write',
  'sns.audience.read',
  'analytics.read',
  'sales.read',
] as const;

export const USER_SCOPES = [
  'user.profile.read',
  'user.profile.write',
  'user.receipts.read',
  'user.spending.read',
  'user.spending.write',
  'user.coupons.read',
  'user.favorites.read',
  'user.favorites.write',
] as const;

export type BusinessScope = (typeof BUSINESS_SCOPES)[number];
export type UserScope = (typeof USER_SCOPES)[number];
export type Scope = BusinessScope | UserScope;

const BUSINESS = new Set<string>(BUSINESS_SCOPES);
const USER = new Set<string>(USER_SCOPES);

export function isBusinessScope(scope: string): scope is BusinessScope {
  return BUSINESS.has(scope);
}

export function isUserScope(scope: string): scope is UserScope {
  return USER.has(scope);
}

export function isScope(scope: string): scope is Scope {
  return BUSINESS.has(scope) || USER.has(scope);
}

/** Splits a space-separated scope string (RFC 6749 §3.3), dropping empty parts and duplicates. */
export function parseScopeString(value: string): string[] {
  return [...new Set(value.split(' ').filter((s) => s !== ''))];
}

/** What kind of grant a set of scopes asks for; `mixed` is refused by the authorization server. */
export function scopeAudience(scopes: readonly string[]): 'business' | 'user' | 'mixed' | 'none' {
  const business = scopes.some(isBusinessScope);
  const user = scopes.some(isUserScope);
  if (business && user) return 'mixed';
  if (business) return 'business';
  if (user) return 'user';
  return 'none';
}
