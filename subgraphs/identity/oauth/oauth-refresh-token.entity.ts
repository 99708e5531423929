import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A refresh token, stored only as the SHA-256 of its 256 random bits. Rotated on every use: the used
 * row stays with `usedAt` set, so presenting it again is recognised as reuse (RFC 9700 §4.14.2).
 */
@Entity({ tableName: 'oauth_refresh_token' })
export class OAuthRefreshToken extends BaseEntity {
  /** SHA-256 of the token, hex. */
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Index()
  @Property({ type: 'uuid' })
  grantId!: string;

  /** The grant generation this token was issued in. */
  @Property({ type: 'integer' })
  generation!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
