/** The `business_owner` binding: who owns which business account (see business-owner.entity.ts). */
import type { EntityManager } from '../../kernel/db/orm.js';

/** Binds `userId` as an owner of the business account; a binding that exists stays as it is. */
export async function bindOwner(
  em: EntityManager,
  businessAccountId: string,
  userId: string,
  invitationId: string | null,
  now = new Date(),
): Promise<void> {
  await em.execute(
    `insert into "business_owner" ("business_account_id", "user_id", "created_at", "invitation_id")
     values (?, ?, ?, ?) on conflict do nothing`,
    [businessAccountId, userId, now, invitationId],
  );
}
