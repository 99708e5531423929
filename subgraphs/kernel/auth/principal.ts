/**
 * Who is calling. The identity issue adds users and business accounts with scopes; until then a
 * caller is anonymous or the operator.
 */
export type Principal = { readonly kind: 'anonymous'; readonly invalidToken?: boolean } | { readonly kind: 'operator' };

export const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous' });
