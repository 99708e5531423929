import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { OAuthClient } from './oauth-client.entity.js';

@InputType('RegisterOAuthAppInput')
export class RegisterOAuthAppInput {
  @Field(() => String, { description: 'Display name, 1 to 100 characters.' })
  name!: string;

  @Field(() => [String], {
    description:
      'Redirect URIs (1 to 10): https, http on a loopback host, or a private-use scheme of a native app (RFC 8252); no fragment.',
  })
  redirectUris!: string[];

  @Field(() => [String], { description: 'Scopes the app may request (from the interface catalogue).' })
  scopes!: string[];

  @Field(() => ID, { nullable: true, description: 'Owning business account (implied for a business caller).' })
  businessAccountId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Mark as first-party (operators only). Default false.' })
  firstParty?: boolean | null;
}

/** The registration answer: the only time the client secret is shown. */
@ObjectType('OAuthAppRegistration', { description: 'A new app and its client secret (shown once).' })
export class OAuthAppRegistration {
  @Field(() => OAuthClient)
  app!: OAuthClient;

  @Field(() => String, { description: 'The client secret. It is stored only as a digest and never shown again.' })
  clientSecret!: string;
}
