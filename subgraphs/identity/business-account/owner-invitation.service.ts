/**
 * Owner invitations: the only way a user becomes an owner of a business account. An operator invites
 * an address (single use, 7 days, only the SHA-256 of the token stored, mailed); the invitation binds
 * when a signed-in account whose verified, normalized email equals that address accepts it. A staff
 * invitation (staff/staff-invitation.ts) is accepted the same way but only links the staff member.
 */
import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { BadUserInputError, ConflictError, ForbiddenError, NotFoundError } from '../../kernel/errors.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { sessionRequired } from '../authorization/authorization-error.js';
import { findLiveSession } from '../authorization/browser-session.store.js';
import { requireEmail } from '../email.js';
import { mailerFor } from '../mail/mailer.js';
import { mailLocale, ownerInvitationMail } from '../mail/mail-texts.js';
import { newOpaqueToken, tokenDigest } from '../oauth/opaque-token.js';
import { BusinessAccount } from './business-account.entity.js';
import { bindOwner } from './business-owner.store.js';
import { linkStaffMember } from '../staff/staff-invitation.js';
import { InvitationKind, OwnerInvitation, OwnerInvitationStatus } from './owner-invitation.entity.js';

/** How long an invitation link works (from its last send). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** An accepted invitation: the business the user now owns, or whose staff member the user now is. */
export interface AcceptedInvitation {
  readonly businessAccountId: string;
  readonly businessName: string;
  readonly kind: InvitationKind;
  readonly staffMemberId: string | null;
}

const invalidInvitation = (): BadUserInputError =>
  new BadUserInputError(
    'The invitation is invalid, expired, revoked or already used.',
    [{ path: 'token', message: 'is invalid, expired, revoked or already used' }],
    'invalid_invitation',
  );

/** Email not proven yet: FORBIDDEN `email_not_verified`. */
export const emailNotVerified = (): ForbiddenError =>
  new ForbiddenError('Verify your email address first (see the mail we sent you).', 'email_not_verified');

export class OwnerInvitationService {
  constructor(private readonly ctx: BaseContext) {}

  /** Operator: invites `email` to own the business account (NOT_FOUND when it does not exist). */
  async invite(businessAccountId: string, email: string, locale?: string | null): Promise<OwnerInvitation> {
    requireOperator(this.ctx.principal);
    const normalized = requireEmail(email, 'email');
    const business = isUuid(businessAccountId)
      ? await this.ctx.em.findOne(BusinessAccount, { id: businessAccountId })
      : null;
    if (!business) throw new NotFoundError('The business account does not exist.', 'business_account_not_found');
    return this.inviteTo(business, normalized, locale);
  }

  /** Invites an already validated, normalized address (business creation). The caller checked access. */
  async inviteTo(business: BusinessAccount, email: string, locale?: string | null): Promise<OwnerInvitation> {
    const token = newOpaqueToken();
    const invitation = this.ctx.em.create(OwnerInvitation, {
      businessAccountId: business.id,
      email,
      tokenHash: tokenDigest(token),
      locale: mailLocale(locale),
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await this.ctx.em.flush();
    await this.mail(invitation, business, token);
    return invitation;
  }

  /** Operator: the invitations of a business account, newest first. */
  async list(businessAccountId: string): Promise<OwnerInvitation[]> {
    requireOperator(this.ctx.principal);
    if (!isUuid(businessAccountId)) return [];
    return this.ctx.em.find(
      OwnerInvitation,
      { businessAccountId, kind: InvitationKind.OWNER },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  /** Operator: a new link (the old one stops working) and 7 more days. CONFLICT when accepted or revoked. */
  async resend(invitationId: string): Promise<OwnerInvitation> {
    requireOperator(this.ctx.principal);
    const invitation = await this.find(invitationId);
    if (invitation.acceptedAt || invitation.revokedAt) {
      throw new ConflictError(`The invitation is ${invitation.status}; invite again instead.`, 'invitation_closed');
    }
    const business = await this.ctx.em.findOneOrFail(BusinessAccount, { id: invitation.businessAccountId });
    const token = newOpaqueToken();
    invitation.tokenHash = tokenDigest(token);
    invitation.expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    await this.ctx.em.flush();
    await this.mail(invitation, business, token);
    return invitation;
  }

  /** Operator: the link stops working. CONFLICT when already accepted (ownership stays). Idempotent otherwise. */
  async revoke(invitationId: string): Promise<OwnerInvitation> {
    requireOperator(this.ctx.principal);
    const invitation = await this.find(invitationId);
    if (invitation.acceptedAt) throw new ConflictError('The invitation was already accepted.', 'invitation_closed');
    invitation.revokedAt ??= new Date();
    await this.ctx.em.flush();
    return invitation;
  }

  /**
   * Accepts an invitation for the signed-in user (the session token is the caller's credential; the
   * invitation page protects its form with the form token, like sign-in). The user's email must be verified (FORBIDDEN `email_not_verified`) and equal
   * the invited address (FORBIDDEN `invitation_email_mismatch`); the invitation must be pending
   * (BAD_USER_INPUT `invalid_invitation`). Spent and bound (or, for a staff invitation, linked) in one
   * transaction, race-safe.
   */
  async accept(token: string, sessionToken: string | null): Promise<AcceptedInvitation> {
    const live = await findLiveSession(this.ctx.em, sessionToken);
    if (!live) throw sessionRequired();
    const invitation = TOKEN_SHAPE.test(token)
      ? await this.ctx.em.findOne(OwnerInvitation, { tokenHash: tokenDigest(token) })
      : null;
    const status: OwnerInvitationStatus | undefined = invitation?.status;
    if (!invitation || status !== OwnerInvitationStatus.PENDING) throw invalidInvitation();
    if (!live.user.emailVerifiedAt) throw emailNotVerified();
    if (live.user.email !== invitation.email) {
      throw new ForbiddenError(
        'This invitation is for another email address. Sign in with the invited address.',
        'invitation_email_mismatch',
      );
    }
    const kind: InvitationKind = invitation.kind;
    const now = new Date();
    await this.ctx.em.transactional(async (em) => {
      const spent = await em.nativeUpdate(
        OwnerInvitation,
        { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } },
        { acceptedAt: now, acceptedByUserId: live.user.id, updatedAt: now },
      );
      if (spent !== 1) throw invalidInvitation();
      // A staff invitation links its staff member only: it never makes the user an owner.
      if (kind === InvitationKind.STAFF) {
        if (!(await linkStaffMember(em, invitation, live.user.id, now))) throw invalidInvitation();
      } else {
        await bindOwner(em, invitation.businessAccountId, live.user.id, invitation.id, now);
      }
    });
    const business = await this.ctx.em.findOneOrFail(BusinessAccount, { id: invitation.businessAccountId });
    return {
      businessAccountId: business.id,
      businessName: business.name,
      kind,
      staffMemberId: invitation.staffMemberId ?? null,
    };
  }

  private async find(invitationId: string): Promise<OwnerInvitation> {
    const invitation = isUuid(invitationId)
      ? await this.ctx.em.findOne(OwnerInvitation, { id: invitationId, kind: InvitationKind.OWNER })
      : null;
    if (!invitation) throw new NotFoundError('The invitation does not exist.', 'invitation_not_found');
    return invitation;
  }

  private async mail(invitation: OwnerInvitation, business: BusinessAccount, token: string): Promise<void> {
    const link = `${this.ctx.env.publicUrl}/oauth/owner-invitation?token=${token}`;
    const message = ownerInvitationMail(mailLocale(invitation.locale), invitation.email, business.name, link);
    await mailerFor(this.ctx.env, this.ctx.em).send(message);
  }
}
