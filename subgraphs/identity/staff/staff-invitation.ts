/**
 * Linking a staff member to a user account by the owner-invitation mechanism (docs/decisions/0009):
 * a row of `owner_invitation` of kind staff, mailed to the staff member's email, single use, 7 days,
 * only the SHA-256 of its token stored. Accepting it (OwnerInvitationService.accept: signed in,
 * verified, the same normalized address) links the user to the staff member, never to ownership.
 */
import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { ConflictError } from '../../kernel/errors.js';
import { BusinessAccount } from '../business-account/business-account.entity.js';
import { InvitationKind, OwnerInvitation } from '../business-account/owner-invitation.entity.js';
import { INVITATION_TTL_MS } from '../business-account/owner-invitation.service.js';
import { mailerFor } from '../mail/mailer.js';
import { mailLocale, staffInvitationMail } from '../mail/mail-texts.js';
import { newOpaqueToken, tokenDigest } from '../oauth/opaque-token.js';
import { StaffStatus, type StaffMember } from './staff-member.entity.js';

/**
 * Mails a new staff invitation for `member` (whose email is set) to its email. Earlier pending staff
 * invitations of the member stop working, in the same transaction, so only the newest link links.
 * The caller checked access and the member's state.
 */
export async function inviteStaffMember(
  ctx: BaseContext,
  member: StaffMember & { email: string },
  locale: string | null | undefined,
): Promise<OwnerInvitation> {
  const token = newOpaqueToken();
  const invitation = await ctx.em.transactional(async (em) => {
    const now = new Date();
    await em.nativeUpdate(
      OwnerInvitation,
      { staffMemberId: member.id, kind: InvitationKind.STAFF, acceptedAt: null, revokedAt: null },
      { revokedAt: now, updatedAt: now },
    );
    const created = em.create(OwnerInvitation, {
      kind: InvitationKind.STAFF,
      staffMemberId: member.id,
      businessAccountId: member.businessAccountId,
      email: member.email,
      tokenHash: tokenDigest(token),
      locale: mailLocale(locale),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    await em.flush();
    return created;
  });
  const business = await ctx.em.findOneOrFail(BusinessAccount, { id: member.businessAccountId });
  const link = `${ctx.env.publicUrl}/oauth/owner-invitation?token=${token}`;
  const message = staffInvitationMail(mailLocale(locale), member.email, business.name, member.displayName, link);
  await mailerFor(ctx.env, ctx.em).send(message);
  return invitation;
}

/**
 * Links `userId` to the staff member of a staff invitation being accepted, in the accepting
 * transaction `em`. One statement: only while the member is still of the invitation's business,
 * active, unlinked and still has the invited address (a changed email voids the invitation). False
 * when it is not; CONFLICT `user_already_staff_member` when the user is another staff member of it.
 */
export async function linkStaffMember(
  em: EntityManager,
  invitation: OwnerInvitation,
  userId: string,
  now: Date,
): Promise<boolean> {
  const linked = await withConstraintErrors(
    {
      unique: () =>
        new ConflictError(
          'This account is already linked to another staff member of the business.',
          'user_already_staff_member',
        ),
    },
    () =>
      em.execute<{ id: string }[]>(
        `update "staff_member" set "user_id" = ?, "linked_at" = ?, "updated_at" = ?
         where "id" = ? and "business_account_id" = ? and "email" = ? and "status" = ? and "user_id" is null
         returning "id"`,
        [
          userId,
          now,
          now,
          invitation.staffMemberId,
          invitation.businessAccountId,
          invitation.email,
          StaffStatus.active,
        ],
      ),
  );
  return linked.length === 1;
}
