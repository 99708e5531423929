/**
 * Events only within consent: a webhook endpoint registered with an app's token lives on that app's
 * grants for the business. When a grant ends (revoked, refresh-token or code reuse, a password change,
 * the consenting owner's account deleted) and it was the app's last live grant for that business,
 * the app's endpoints of the business are disabled (`app_access_ended`) and their pending deliveries
 * cancelled, in the transaction that ended the grant. The dispatcher checks the same again before
 * every attempt, so a grant ended by any other path still stops delivery.
 */
import type { EntityManager } from '../db/orm.js';

/** `webhook_endpoint.disabled_reason` of an endpoint whose app lost its access to the business. */
export const APP_ACCESS_ENDED = 'app_access_ended';

/**
 * Disables the endpoints of every (app, business) whose grants among `grantIds` have ended and that
 * has no live grant left, and cancels their pending deliveries. Returns the endpoints disabled.
 */
export async function disableEndpointsOfEndedGrants(
  em: EntityManager,
  grantIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (grantIds.length === 0) return [];
  const rows = await em.execute<{ id: string }[]>(
    `with "ended" as (
       select distinct g."oauth_client_id", g."business_account_id" from "oauth_grant" g
       where g."id" in (select ("value" #>> '{}')::uuid from jsonb_array_elements(?::jsonb))
         and g."business_account_id" is not null and g."revoked_at" is not null
         and not exists (select 1 from "oauth_grant" l where l."oauth_client_id" = g."oauth_client_id"
           and l."business_account_id" = g."business_account_id" and l."revoked_at" is null)
     ), "disabled" as (
       update "webhook_endpoint" e set "status" = 'disabled', "disabled_at" = ?, "disabled_reason" = ?,
         "updated_at" = ?
       from "ended" where e."oauth_client_id" = "ended"."oauth_client_id"
         and e."business_account_id" = "ended"."business_account_id" and e."status" <> 'disabled'
       returning e."id"
     ), "cancelled" as (
       update "webhook_delivery" set "status" = 'cancelled', "lease_until" = null, "updated_at" = ?
       where "endpoint_id" in (select "id" from "disabled") and "status" = 'pending'
     )
     select "id" from "disabled"`,
    [JSON.stringify(grantIds), now, APP_ACCESS_ENDED, now, now],
  );
  return rows.map((row) => row.id);
}
