import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * An authorization code, stored only as the SHA-256 of its 256 random bits. Single use: the exchange
 * sets `consumedAt` with an atomic update and records the grant it created, so a second use can
 * revoke that grant.
 */
@Entity({ tableName: 'oauth_authorization_code' })
export class OAuthAuthorizationCode extends BaseEntity {
  /** SHA-256 of the code, hex. */
  @Property({ type: 'string', length: 64, unique: true })
  codeHash!: string;

  /** `oauth_client.id`. */
  @Property({ type: 'uuid' })
  oauthClientId!: string;

  @Property({ type: 'string', length: 2048 })
  redirectUri!: string;

  @Property({ type: 'json' })
  scopes!: string[];

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'uuid', nullable: true })
  businessAccountId?: string | null;

  /** PKCE S256 challenge (base64url SHA-256 of the verifier), when one was sent. */
  @Property({ type: 'string', length: 128, nullable: true })
  codeChallenge?: string | null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  consumedAt?: Date | null;

  /** The grant the (first) exchange created. */
  @Property({ type: 'uuid', nullable: true })
  grantId?: string | null;
}
