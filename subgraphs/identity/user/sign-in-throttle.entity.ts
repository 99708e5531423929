import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Failed sign-ins counted per key (an account or a client IP, hashed) in a fixed window, and the
 * lock they earned. Written only by single UPSERT statements in {@link SignInThrottler}, so several
 * service instances share exact counts; declared here so the schema diff knows the table.
 */
@Entity({ tableName: 'sign_in_throttle' })
export class SignInThrottle {
  /** `account:<sha256 of the email>` or `ip:<sha256 of the address>`, base64url. */
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  /** Failures since {@link windowStartedAt}. */
  @Property({ type: 'integer' })
  failures!: number;

  /** When the current counting window began (the first failure after the previous window ended). */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  windowStartedAt!: Date;

  /** Until when sign-in with this key is refused; null when it never was locked in this window. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lockedUntil?: Date | null;
}
