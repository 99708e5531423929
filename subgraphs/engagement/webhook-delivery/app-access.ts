/**
 * What the app behind a webhook endpoint may still receive. An endpoint registered with an app's
 * token (`oauth_client_id`) gets an event only while one of that app's live grants for the business
 * holds the event type's scope (the catalogue names it); with no live grant left it is disabled. An
 * endpoint tied to no app gets every type it lists.
 */
import { isEventType, mayReceive } from '../../kernel/events/catalogue.js';

/**
 * SQL condition: the endpoint `e` is tied to no app, or its app holds a live grant for the endpoint's
 * business with the scope in the SQL expression `scopeSql` (a text, null for a type needing none).
 */
export function appHoldsScopeSql(scopeSql: string): string {
  return `(e."oauth_client_id" is null or exists (select 1 from "oauth_grant" g
    where g."oauth_client_id" = e."oauth_client_id" and g."business_account_id" = e."business_account_id"
      and g."revoked_at" is null and (${scopeSql} is null or g."scopes" @> jsonb_build_array(${scopeSql}))))`;
}

/** SQL select item: the scope lists of the live grants of endpoint `e`'s app for its business (a jsonb array). */
export const APP_GRANT_SCOPES_SQL = `(select coalesce(jsonb_agg(g."scopes"), '[]'::jsonb) from "oauth_grant" g
    where g."oauth_client_id" = e."oauth_client_id" and g."business_account_id" = e."business_account_id"
      and g."revoked_at" is null) as "app_grant_scopes"`;

/** Whether to send: yes; no because the app lacks the type's scope; no because the app has no live grant. */
export type AppAccess = 'granted' | 'scope_missing' | 'ended';

/** The verdict for one delivery of `eventType` to an endpoint of app `oauthClientId` with those grants. */
export function appAccess(oauthClientId: string | null, grantScopes: unknown, eventType: string): AppAccess {
  if (oauthClientId === null) return 'granted';
  const grants = (typeof grantScopes === 'string' ? JSON.parse(grantScopes) : grantScopes) as unknown;
  if (!Array.isArray(grants) || grants.length === 0) return 'ended';
  const scopes = new Set<string>(grants.flatMap((list: unknown) => (Array.isArray(list) ? (list as string[]) : [])));
  // A type the catalogue does not know names no scope: an app-bound endpoint never gets it.
  return isEventType(eventType) && mayReceive(eventType, scopes) ? 'granted' : 'scope_missing';
}
