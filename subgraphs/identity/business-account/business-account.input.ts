import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { InvitationKind } from './owner-invitation.entity.js';

@InputType('CreateBusinessAccountInput')
export class CreateBusinessAccountInput {
  @Field(() => String, { description: 'Display name, 1 to 200 characters.' })
  name!: string;

  @Field(() => String, {
    description:
      'Email of the owner: an owner invitation is mailed to it; the owner is whoever accepts it with this verified address.',
  })
  ownerEmail!: string;

  @Field(() => String, { nullable: true, description: 'Language of the invitation mail: ja (default) or en.' })
  locale?: string | null;
}

@InputType('CreateOwnerInvitationInput', { description: 'An invitation to own a business account (operator only).' })
export class CreateOwnerInvitationInput {
  @Field(() => ID, { description: 'The business account.' })
  businessAccountId!: string;

  @Field(() => String, { description: 'The address to invite; only an account with it, verified, may accept.' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'Language of the mail and page: ja (default) or en.' })
  locale?: string | null;
}

@InputType('AcceptOwnerInvitationInput', { description: 'Accepting an owner invitation from its page.' })
export class AcceptOwnerInvitationInput {
  @Field(() => String, { description: 'The token from the invitation link.' })
  token!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The browser session token (the signed-in user); the page guards its form against CSRF.',
  })
  sessionToken?: string | null;
}

@ObjectType('OwnerInvitationAcceptance', {
  description: 'The business account the user now owns, or whose staff member the user is now linked to.',
})
export class OwnerInvitationAcceptance {
  @Field(() => ID, { description: 'The business account id (org_id).' })
  businessAccountId!: string;

  @Field(() => String, { description: 'Its name.' })
  businessName!: string;

  @Field(() => InvitationKind, { description: 'OWNER (the user now owns it) or STAFF (linked to a staff member).' })
  kind!: InvitationKind;

  @Field(() => ID, { nullable: true, description: 'The staff member linked (STAFF only).' })
  staffMemberId!: string | null;
}
