import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A single-use email verification link (migration 0012). Only the SHA-256 of the token (256 random
 * bits) is stored; it lives 24 hours and is spent when used.
 */
@Entity({ tableName: 'email_verification_token' })
export class EmailVerificationToken extends BaseEntity {
  /** SHA-256 of the token, hex. */
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** `user_account.id` of the account whose email it proves. */
  @Index()
  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  /** When the link was used; a used link never verifies again. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  /** The authorization request's query string the sign-up carried, to continue it after verifying. */
  @Property({ type: 'string', length: 4096 })
  returnQuery!: string;
}
