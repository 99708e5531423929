/**
 * Events only within consent, at registration: an endpoint may list only the event types whose scope
 * the registering token holds, and it remembers the app of that token, whose grants it then lives on.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { AppError, ErrorCode } from '../../kernel/errors.js';
import {
  describeMissingScopes,
  scopesOf,
  unreceivableEventTypes,
  type EventType,
} from '../../kernel/events/catalogue.js';

/**
 * Throws FORBIDDEN `insufficient_scope` naming the types (and their scopes) the token may not receive;
 * `extensions.types` lists them and `extensions.scope` the missing scopes, space-separated (RFC 6750).
 */
export function checkEventScopes(events: readonly string[], scopes: ReadonlySet<string>): void {
  const refused = unreceivableEventTypes(events as EventType[], scopes);
  if (refused.length === 0) return;
  throw new AppError(
    ErrorCode.Forbidden,
    `The token lacks the scope of these event types: ${describeMissingScopes(refused)}.`,
    { reason: 'insufficient_scope', extra: { scope: scopesOf(refused).join(' '), types: refused } },
  );
}

/** The app (`oauth_client.id`) of the grant a token belongs to. */
export async function appGrantOf(em: EntityManager, grantId: string): Promise<string> {
  const [row] = await em.execute<{ oauth_client_id: string }[]>(
    'select "oauth_client_id" from "oauth_grant" where "id" = ?',
    [grantId],
  );
  // The token was verified live against this grant for this request, so it is there.
  if (!row) throw new Error(`grant ${grantId} of a verified token not found`);
  return row.oauth_client_id;
}

/** Whether the endpoint's app still has a live grant for the endpoint's business. */
export async function hasLiveAppGrant(
  em: EntityManager,
  endpoint: { oauthClientId?: string | null; businessAccountId: string },
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `select "id" from "oauth_grant" where "oauth_client_id" = ? and "business_account_id" = ? and "revoked_at" is null
     limit 1`,
    [endpoint.oauthClientId, endpoint.businessAccountId],
  );
  return rows.length > 0;
}
