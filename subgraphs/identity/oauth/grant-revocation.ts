/**
 * Ending every grant of a user at once: after a password change (all but the grant the change was
 * made through; "A password change revokes every other grant of the user") and when the
 * account is deleted (all of them, with the refresh tokens and unused codes that could mint new ones).
 * Each is a handful of set-based statements, run in the caller's transaction.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { disableEndpointsOfEndedGrants } from '../../kernel/events/app-access.js';
import type { PasswordChangedListener } from '../user/password-changed.js';

/** `oauth_grant.revoked_reason` of grants ended by a password change. */
export const PASSWORD_CHANGED = 'password_changed';
/** `oauth_grant.revoked_reason` of grants ended by deleting the account. */
export const ACCOUNT_DELETED = 'account_deleted';

/**
 * Revokes every live grant of `userId` (user grants and the business grants the user consented to as
 * an owner), except `keepGrantId`; every revoked grant gets `revoked_at = now`, and the webhook
 * endpoints of an app left without a live grant for a business are disabled. Returns how many.
 */
export async function revokeUserGrants(
  em: EntityManager,
  userId: string,
  reason: string,
  now: Date,
  keepGrantId?: string,
): Promise<number> {
  const keep = keepGrantId ? ' and "id" <> ?' : '';
  const rows = await em.execute<{ id: string }[]>(
    `update "oauth_grant" set "revoked_at" = ?, "revoked_reason" = ?, "updated_at" = ?
     where "user_id" = ? and "revoked_at" is null${keep} returning "id"`,
    [now, reason, now, userId, ...(keepGrantId ? [keepGrantId] : [])],
  );
  await disableEndpointsOfEndedGrants(
    em,
    rows.map((row) => row.id),
    now,
  );
  return rows.length;
}

/** The password-changed listener: revokes every other grant in the change's transaction, at the change time. */
export const revokeOtherGrants: PasswordChangedListener = async ({ em, userId, changedAt, currentGrantId }) => {
  await revokeUserGrants(em, userId, PASSWORD_CHANGED, changedAt, currentGrantId);
};

/** How many grants the password change at `changedAt` revoked (they carry its reason and time). */
export async function countRevokedByPasswordChange(
  em: EntityManager,
  userId: string,
  changedAt: Date,
): Promise<number> {
  const rows = await em.execute<{ count: string | number }[]>(
    `select count(*) as "count" from "oauth_grant" where "user_id" = ? and "revoked_reason" = ? and "revoked_at" = ?`,
    [userId, PASSWORD_CHANGED, changedAt],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Account deletion: revokes every grant of the user, deletes their refresh tokens (only digests, but
 * of no use once the grant is dead) and every authorization code issued to the user, so an unused
 * code cannot mint a grant afterwards. The revoked grant rows stay (client, scopes, times): they are
 * the security record of who had access, and carry no personal data beyond the tombstone's id.
 */
export async function endAllGrants(em: EntityManager, userId: string, now: Date): Promise<number> {
  const revoked = await revokeUserGrants(em, userId, ACCOUNT_DELETED, now);
  await em.execute(
    `delete from "oauth_refresh_token" where "grant_id" in (select "id" from "oauth_grant" where "user_id" = ?)`,
    [userId],
  );
  await em.execute('delete from "oauth_authorization_code" where "user_id" = ?', [userId]);
  return revoked;
}
