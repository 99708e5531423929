/**
 * Who is calling: nobody (possibly with a token that did not verify), the operator, a consumer
 * through an OAuth grant (user scopes), or a business account through an OAuth grant (business
 * scopes, consented by one of its owners).
 */
export type Principal =
  { readonly kind: 'anonymous'; readonly invalidToken?: boolean } | { readonly kind: 'operator' } | GrantPrincipal;

/** A caller acting through an OAuth grant, from a verified, live access token. */
export type GrantPrincipal =
  | ({ readonly kind: 'user' } & GrantFacts)
  | ({ readonly kind: 'business'; readonly businessAccountId: string } & GrantFacts);

interface GrantFacts {
  /** The user who signed in and consented (for business grants: the owner who consented). */
  readonly userId: string;
  readonly clientId: string;
  readonly grantId: string;
  readonly scopes: ReadonlySet<string>;
  /** Access token expiry. */
  readonly expiresAt: Date;
}

export const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous' });
export const INVALID_TOKEN: Principal = Object.freeze({ kind: 'anonymous', invalidToken: true });
