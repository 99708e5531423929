import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import {
  AcceptOwnerInvitationInput,
  CreateOwnerInvitationInput,
  OwnerInvitationAcceptance,
} from './business-account.input.js';
import { OwnerInvitation } from './owner-invitation.entity.js';

/** Owner invitations: operators invite, list, resend and revoke; the invited user accepts on its page. */
@Resolver(() => OwnerInvitation)
export class OwnerInvitationResolver {
  @Mutation(() => OwnerInvitation, {
    description: 'Mails an owner invitation (single use, 7 days). Operator only. NOT_FOUND business_account_not_found.',
  })
  createOwnerInvitation(
    @Arg('input', () => CreateOwnerInvitationInput) input: CreateOwnerInvitationInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<OwnerInvitation> {
    return ctx.ownerInvitations.invite(input.businessAccountId, input.email, input.locale);
  }

  @Query(() => [OwnerInvitation], { description: 'The owner invitations of a business account. Operator only.' })
  ownerInvitations(
    @Arg('businessAccountId', () => ID) businessAccountId: string,
    @Ctx() ctx: IdentityContext,
  ): Promise<OwnerInvitation[]> {
    return ctx.ownerInvitations.list(businessAccountId);
  }

  @Mutation(() => OwnerInvitation, {
    description:
      'Mails a new link (the old one stops working), valid 7 more days. Operator only. CONFLICT invitation_closed.',
  })
  resendOwnerInvitation(@Arg('id', () => ID) id: string, @Ctx() ctx: IdentityContext): Promise<OwnerInvitation> {
    return ctx.ownerInvitations.resend(id);
  }

  @Mutation(() => OwnerInvitation, {
    description: 'Revokes a pending invitation. Operator only. CONFLICT invitation_closed when accepted.',
  })
  revokeOwnerInvitation(@Arg('id', () => ID) id: string, @Ctx() ctx: IdentityContext): Promise<OwnerInvitation> {
    return ctx.ownerInvitations.revoke(id);
  }

  @Mutation(() => OwnerInvitationAcceptance, {
    description:
      'Accepts an owner invitation for the signed-in user (the invitation page). BAD_USER_INPUT session_required or invalid_invitation; FORBIDDEN email_not_verified or invitation_email_mismatch.',
  })
  acceptOwnerInvitation(
    @Arg('input', () => AcceptOwnerInvitationInput) input: AcceptOwnerInvitationInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<OwnerInvitationAcceptance> {
    return ctx.ownerInvitations.accept(input.token, input.sessionToken ?? null);
  }
}
