import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * What a user consented to: a client acting for them (user scopes) or for one of their business
 * accounts (business scopes). Every access and refresh token belongs to one grant. `generation`
 * grows with each refresh; an access token is live only while its generation is the grant's and
 * the grant is not revoked.
 */
@Entity({ tableName: 'oauth_grant' })
export class OAuthGrant extends BaseEntity {
  /** `oauth_client.id` (not the public client_id). */
  @Index()
  @Property({ type: 'uuid' })
  oauthClientId!: string;

  @Index()
  @Property({ type: 'uuid' })
  userId!: string;

  /** The business account of a business grant (`org_id`); null for user grants. */
  @Property({ type: 'uuid', nullable: true })
  businessAccountId?: string | null;

  /** Granted scopes. */
  @Property({ type: 'json' })
  scopes!: string[];

  @Property({ type: 'integer', default: 1 })
  generation: number & Opt = 1;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  /** Why: `revoked`, `code_reuse`, `refresh_token_reuse`, ... */
  @Property({ type: 'string', length: 32, nullable: true })
  revokedReason?: string | null;
}
