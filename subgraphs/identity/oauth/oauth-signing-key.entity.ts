import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A key that signs access tokens. The public half is published in the JWKS while the key is not
 * retired; the private half is stored only encrypted (AES-256-GCM under SECRETS_KEY). The newest
 * live key signs, so rotation is adding a key and later retiring the old one.
 */
@Entity({ tableName: 'oauth_signing_key' })
export class OAuthSigningKey extends BaseEntity {
  /** Key id, the JOSE `kid`. */
  @Property({ type: 'string', length: 64, unique: true })
  kid!: string;

  /** JOSE algorithm (`EdDSA`). */
  @Property({ type: 'string', length: 16 })
  alg!: string;

  /** Public JWK as published. */
  @Property({ type: 'json' })
  publicJwk!: Record<string, unknown>;

  /** Private JWK, AES-256-GCM encrypted: base64url of iv | ciphertext | tag. */
  @Property({ type: 'text', lazy: true })
  privateJwkEncrypted!: string;

  /** When the key left the JWKS; tokens it signed no longer verify. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  retiredAt?: Date | null;
}
