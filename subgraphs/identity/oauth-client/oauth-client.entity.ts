import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Review state of an app that asks for user.* scopes (interface: UserScopeStatus). */
export enum UserScopeStatus {
  PENDING = 'pending',
  APPROVED = 'approved',
}

registerEnumType(UserScopeStatus, {
  name: 'UserScopeStatus',
  description: 'Review state of an app asking for user.* scopes: pending until an operator approves it.',
});

/**
 * An OAuth client ("app"): a public client id, a secret stored only as a SHA-256 digest (it is 256
 * random bits, so a fast hash is safe), the redirect URIs that must match character for character,
 * and the scopes it may ask for.
 */
@ObjectType('OAuthApp', { description: 'An OAuth 2.0 client registered with the platform.' })
@Entity({ tableName: 'oauth_client' })
export class OAuthClient extends BaseEntity {
  @Field(() => String, { description: 'Public client identifier (client_id).' })
  @Property({ type: 'string', length: 64, unique: true })
  clientId!: string;

  /** SHA-256 of the client secret, hex. Never exposed. */
  @Property({ type: 'string', length: 64, lazy: true })
  clientSecretHash!: string;

  @Field(() => String, { description: 'Display name, shown on the consent page.' })
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Field(() => [String], { description: 'Registered redirect URIs; a request must use one exactly.' })
  @Property({ type: 'json' })
  redirectUris!: string[];

  @Field(() => [String], { description: 'Scopes the app may request.' })
  @Property({ type: 'json' })
  scopes!: string[];

  @Field(() => UserScopeStatus, {
    nullable: true,
    description: 'For apps with user.* scopes: pending until approved by an operator; null otherwise.',
  })
  @Property({ type: 'string', length: 16, nullable: true })
  userScopeStatus?: UserScopeStatus | null;

  @Field(() => Boolean, { description: 'First-party apps (marked by an operator) may skip the consent page.' })
  @Property({ type: 'boolean', default: false })
  firstParty: boolean & Opt = false;

  @Field(() => String, { nullable: true, description: 'Business account that registered the app, if any.' })
  @Index()
  @Property({ type: 'uuid', nullable: true })
  businessAccountId?: string | null;
}
