import type { Opt } from '@mikro-orm/core';
import { BeforeCreate, BeforeUpdate, Entity, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { normalizeEmail } from '../email.js';

/**
 * Not a GraphQL type on purpose: type-graphql inherits fields only from a direct `@ObjectType`
 * superclass, so this step keeps BaseEntity's columns while {@link User} picks which ones it exposes.
 */
abstract class UserRecord extends BaseEntity {}

/**
 * A consumer account. Anonymous accounts (created on first use of an app) have no email or password;
 * registering attaches both. Deletion sets `deletedAt`; a deleted account no longer resolves.
 */
@ObjectType('User', { description: 'A consumer account (anonymous or registered).' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'user_account' })
export class User extends UserRecord {
  @Field(() => ID, { description: 'UUIDv7 identifier.' })
  override id!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the account was created (RFC 3339, UTC).' })
  override createdAt!: Date & Opt;

  /** Sign-in email, stored normalized (email.ts) so uniqueness ignores case and width; null for anonymous accounts. */
  @Property({ type: 'string', length: 320, nullable: true, unique: true })
  email?: string | null;

  /** argon2id hash (PHC string); null for anonymous accounts. Never exposed, and lazy: loaded only when asked for. */
  @Property({ type: 'string', length: 255, nullable: true, lazy: true })
  passwordHash?: string | null;

  /** When the password was last changed (null: never since registration). Grants older than this may be revoked. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  passwordChangedAt?: Date | null;

  @Field(() => Boolean, { description: 'Whether the account is anonymous (no email or password yet).' })
  @Property({ type: 'boolean', default: false })
  isAnonymous: boolean & Opt = false;

  @Field(() => String, { nullable: true, description: 'Name shown to the user and, with consent, to stores.' })
  @Property({ type: 'string', length: 100, nullable: true })
  displayName?: string | null;

  /**
   * When the account proved its email through a mailed link (or was created by an operator or as demo
   * data); null: unproven, so the email confers nothing (no business scopes, no owner invitations).
   */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emailVerifiedAt?: Date | null;

  /** When the account was deleted; deleted accounts keep their row for audit but resolve to null. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  deletedAt?: Date | null;

  /** Whatever path writes the email, it is stored normalized (callers have refused invisible characters). */
  @BeforeCreate()
  @BeforeUpdate()
  normalizeEmail(): void {
    if (this.email) this.email = normalizeEmail(this.email);
  }
}
