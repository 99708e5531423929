/** GraphQL inputs and payloads of the token side of the authorization server. */
import { Field, InputType, Int, ObjectType } from 'type-graphql';

@InputType('TokenRequestInput', { description: 'A token request (RFC 6749 §4.1.3 and §6), either grant type.' })
export class TokenRequestInput {
  @Field(() => String, { nullable: true, description: 'authorization_code or refresh_token.' })
  grantType?: string | null;

  @Field(() => String, { nullable: true, description: 'Client identifier (client_id).' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'Client secret.' })
  clientSecret?: string | null;

  @Field(() => String, { nullable: true, description: 'The authorization code (authorization_code).' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: 'The redirect_uri of the authorization request, exactly.' })
  redirectUri?: string | null;

  @Field(() => String, { nullable: true, description: 'PKCE code_verifier, when a code_challenge was sent.' })
  codeVerifier?: string | null;

  @Field(() => String, { nullable: true, description: 'The refresh token (refresh_token).' })
  refreshToken?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Narrower scope for the new access token (refresh_token only); space-separated.',
  })
  scope?: string | null;
}

@ObjectType('TokenSet', { description: 'An access token (RFC 9068 JWT) and its rotating refresh token.' })
export class TokenSet {
  @Field(() => String, { description: 'The access token, a JWT (typ at+jwt).' })
  accessToken!: string;

  @Field(() => String, { description: 'The refresh token: opaque, single use, 30 days.' })
  refreshToken!: string;

  @Field(() => String, { description: 'Always Bearer.' })
  tokenType!: string;

  @Field(() => Int, { description: 'Access token lifetime in seconds.' })
  expiresIn!: number;

  @Field(() => String, { description: 'Granted scopes, space-separated.' })
  scope!: string;
}

@InputType('TokenIntrospectionInput', { description: 'A token to check, and optionally the asking client.' })
export class TokenIntrospectionInput {
  @Field(() => String, { nullable: true, description: 'The access token.' })
  token?: string | null;

  @Field(() => String, { nullable: true, description: 'Hint (access_token); informative only.' })
  tokenTypeHint?: string | null;

  @Field(() => String, { nullable: true, description: 'Client identifier, when the caller authenticates.' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'Client secret, when the caller authenticates.' })
  clientSecret?: string | null;
}

@ObjectType('TokenIntrospection', {
  description: 'What a token stands for (RFC 7662); only active is set when inactive.',
})
export class TokenIntrospection {
  @Field(() => Boolean, {
    description: 'Whether the token is live: valid signature, unexpired, grant not revoked or refreshed.',
  })
  active!: boolean;

  @Field(() => String, { nullable: true, description: 'Scopes, space-separated.' })
  scope?: string | null;

  @Field(() => [String], { nullable: true, description: 'Scopes as a list.' })
  scopes?: string[] | null;

  @Field(() => String, { nullable: true, description: 'The client the token was issued to.' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'Bearer.' })
  tokenType?: string | null;

  @Field(() => Int, { nullable: true, description: 'Expiry, seconds since the epoch.' })
  exp?: number | null;

  @Field(() => Int, { nullable: true, description: 'Issue time, seconds since the epoch.' })
  iat?: number | null;

  @Field(() => String, { nullable: true, description: 'Expiry, RFC 3339 UTC.' })
  expiresAt?: string | null;

  @Field(() => String, { nullable: true, description: 'Subject: the user who consented.' })
  sub?: string | null;

  @Field(() => String, { nullable: true, description: 'The user of a user token.' })
  userId?: string | null;

  @Field(() => String, { nullable: true, description: 'The business account of a business token (org_id).' })
  businessAccountId?: string | null;

  @Field(() => String, { nullable: true, description: 'Issuer.' })
  iss?: string | null;

  @Field(() => String, { nullable: true, description: 'Audience.' })
  aud?: string | null;

  @Field(() => String, { nullable: true, description: 'Token id.' })
  jti?: string | null;
}

@InputType('TokenRevocationInput', { description: 'A token to revoke (RFC 7009).' })
export class TokenRevocationInput {
  @Field(() => String, { nullable: true, description: 'An access or refresh token.' })
  token?: string | null;

  @Field(() => String, { nullable: true, description: 'access_token or refresh_token; a hint only.' })
  tokenTypeHint?: string | null;

  @Field(() => String, { nullable: true, description: 'Client identifier, when the caller authenticates.' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'Client secret, when the caller authenticates.' })
  clientSecret?: string | null;
}

@ObjectType('TokenRevocation', {
  description: 'The answer to a revocation: always revoked, even for an unknown token.',
})
export class TokenRevocation {
  @Field(() => Boolean, { description: 'Always true (RFC 7009 §2.2).' })
  revoked!: boolean;
}

@ObjectType('Viewer', { description: 'Who the caller is, from its access token or operator credential.' })
export class Viewer {
  @Field(() => String, { description: 'operator, user or business.' })
  kind!: string;

  @Field(() => String, { nullable: true, description: 'The user (for business tokens: the consenting owner).' })
  userId?: string | null;

  @Field(() => String, { nullable: true, description: 'The business account of a business token.' })
  businessAccountId?: string | null;

  @Field(() => String, { nullable: true, description: 'The OAuth client of the token.' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'The grant of the token.' })
  grantId?: string | null;

  @Field(() => [String], { description: 'Scopes of the token (none for the operator).' })
  scopes!: string[];
}
