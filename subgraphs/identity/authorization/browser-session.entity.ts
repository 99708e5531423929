import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A signed-in browser of the authorization pages (migration 0011). The session token itself (256
 * random bits in an HttpOnly cookie) is never stored, only its SHA-256.
 */
@Entity({ tableName: 'browser_session' })
export class BrowserSession extends BaseEntity {
  /** SHA-256 of the session token, hex. */
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** `user_account.id` of the signed-in user. */
  @Index()
  @Property({ type: 'uuid' })
  userId!: string;

  /** Absolute end of the session, fixed at sign-in. Indexed for the sweep of expired sessions. */
  @Index()
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  /** Sliding end: pushed forward on every use, never past {@link expiresAt}. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  idleExpiresAt!: Date;
}
