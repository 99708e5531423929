import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Where an owner invitation stands. */
export enum OwnerInvitationStatus {
  PENDING = 'pending',
  ACCEPTED = 'accepted',
  REVOKED = 'revoked',
  EXPIRED = 'expired',
}

registerEnumType(OwnerInvitationStatus, {
  name: 'OwnerInvitationStatus',
  description: 'pending (may be accepted), accepted, revoked by an operator, or expired unused.',
});

/** What accepting an invitation binds: ownership of the business, or the link to one staff member. */
export enum InvitationKind {
  OWNER = 'owner',
  STAFF = 'staff',
}

registerEnumType(InvitationKind, {
  name: 'InvitationKind',
  description: 'OWNER (accepting makes the user an owner) or STAFF (links the user to a staff member only).',
});

/**
 * An operator's invitation to own a business account (migration 0012): mailed to one address, single
 * use, 7 days. Only the SHA-256 of its token is stored; a resend replaces the token. The same
 * mechanism links a user to a staff member (`kind` staff, migration 0039; staff/staff-invitation.ts):
 * such a row never confers ownership, and the operator's owner-invitation operations do not see it.
 */
@ObjectType('OwnerInvitation', { description: 'An invitation to become an owner of a business account.' })
@Entity({ tableName: 'owner_invitation' })
@Check({
  name: 'owner_invitation_kind_check',
  expression: `("kind" = 'owner' and "staff_member_id" is null) or ("kind" = 'staff' and "staff_member_id" is not null)`,
})
export class OwnerInvitation extends BaseEntity {
  @Field(() => ID, { description: 'The business account it would bind.' })
  @Index()
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'The invited address (normalized); only an account with it may accept.' })
  @Property({ type: 'string', length: 320 })
  email!: string;

  /** SHA-256 of the token, hex. Never exposed. */
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** Language of the mail and of the page it links to: ja or en. */
  @Property({ type: 'string', length: 2 })
  locale!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the link stops working (7 days after the last send).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was accepted.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  acceptedAt?: Date | null;

  @Field(() => ID, { nullable: true, description: 'The account that accepted it.' })
  @Property({ type: 'uuid', nullable: true })
  acceptedByUserId?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When an operator revoked it.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  /** owner, or staff (then `staffMemberId` names the staff member it links). Not exposed on this type. */
  @Property({ type: 'string', length: 16, default: 'owner' })
  kind: InvitationKind & Opt = InvitationKind.OWNER;

  /** The staff member a staff invitation links; a database-only key, deleted with it. */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  staffMemberId?: string | null;

  @Field(() => OwnerInvitationStatus, { description: 'Where it stands now.' })
  get status(): OwnerInvitationStatus & Opt {
    if (this.acceptedAt) return OwnerInvitationStatus.ACCEPTED;
    if (this.revokedAt) return OwnerInvitationStatus.REVOKED;
    return this.expiresAt.getTime() <= Date.now() ? OwnerInvitationStatus.EXPIRED : OwnerInvitationStatus.PENDING;
  }
}
