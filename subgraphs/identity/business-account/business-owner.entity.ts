import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Who owns a business account (migration 0012): written only when an owner invitation is accepted by
 * a signed-in, verified account with the invited address (or by the demo data), never from an email
 * match, so signing up with an owner's address confers nothing.
 */
@Entity({ tableName: 'business_owner' })
export class BusinessOwner {
  @PrimaryKey({ type: 'uuid' })
  businessAccountId!: string;

  @Index()
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  /** The accepted invitation that made the binding (null for demo data). */
  @Property({ type: 'uuid', nullable: true })
  invitationId?: string | null;
}
