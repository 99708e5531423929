import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';

/** The user's answer on the consent page. */
export enum ConsentDecision {
  APPROVE = 'approve',
  DENY = 'deny',
}

registerEnumType(ConsentDecision, {
  name: 'ConsentDecision',
  description: 'Whether the user approved or denied the authorization request.',
});

@InputType('AuthorizationRequestInput', {
  description: 'The query parameters of GET /oauth/authorize, as received; the service validates all of them.',
})
export class AuthorizationRequestInput {
  @Field(() => String, { nullable: true, description: 'client_id.' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'redirect_uri; must equal a registered one exactly.' })
  redirectUri?: string | null;

  @Field(() => String, { nullable: true, description: 'response_type; only code is supported.' })
  responseType?: string | null;

  @Field(() => String, { nullable: true, description: 'scope, space-separated.' })
  scope?: string | null;

  @Field(() => String, { nullable: true, description: 'state, echoed in the response.' })
  state?: string | null;

  @Field(() => String, { nullable: true, description: 'PKCE code_challenge (RFC 7636).' })
  codeChallenge?: string | null;

  @Field(() => String, { nullable: true, description: 'PKCE code_challenge_method; only S256.' })
  codeChallengeMethod?: string | null;

  @Field(() => String, { nullable: true, description: 'org_id: the business account, for business scopes.' })
  orgId?: string | null;
}

@ObjectType('ScopeDescription', { description: 'A requested scope and what it grants, in Japanese and English.' })
export class ScopeDescription {
  @Field(() => String, { description: 'The scope name.' })
  scope!: string;

  @Field(() => String, { description: 'What it grants, in Japanese.' })
  ja!: string;

  @Field(() => String, { description: 'What it grants, in English.' })
  en!: string;
}

@ObjectType('BusinessAccountChoice', { description: 'A business account the signed-in user owns.' })
export class BusinessAccountChoice {
  @Field(() => ID, { description: 'The business account id (org_id).' })
  id!: string;

  @Field(() => String, { description: 'Its name.' })
  name!: string;
}

@ObjectType('AuthorizationPrompt', { description: 'A valid authorization request, as the consent page shows it.' })
export class AuthorizationPrompt {
  @Field(() => String, { description: 'client_id.' })
  clientId!: string;

  @Field(() => String, { description: 'The app name.' })
  clientName!: string;

  @Field(() => Boolean, { description: 'Whether the app is first-party (it skips the consent page).' })
  firstParty!: boolean;

  @Field(() => String, { description: 'business or user: whom the grant acts for.' })
  audience!: string;

  @Field(() => [ScopeDescription], { description: 'The requested scopes with descriptions.' })
  scopes!: ScopeDescription[];

  @Field(() => String, { description: 'The redirect_uri (registered).' })
  redirectUri!: string;

  @Field(() => Boolean, { description: 'Whether the session token is of a live session.' })
  signedIn!: boolean;

  @Field(() => String, { nullable: true, description: 'The signed-in user email.' })
  userEmail?: string | null;

  @Field(() => String, { nullable: true, description: 'The signed-in user display name.' })
  userDisplayName?: string | null;

  @Field(() => String, { nullable: true, description: 'CSRF token of the session, for the consent form.' })
  csrfToken?: string | null;

  @Field(() => [BusinessAccountChoice], {
    description: 'Business scopes: the owned accounts the user may choose from (one when org_id chose it).',
  })
  businessAccounts!: BusinessAccountChoice[];

  @Field(() => Boolean, {
    description: 'Signed in, first-party and nothing to choose: approve without showing the consent page.',
  })
  skipConsent!: boolean;
}

@InputType('BrowserSignInInput', { description: 'Credentials from the sign-in or sign-up page.' })
export class BrowserSignInInput {
  @Field(() => String, { description: 'Email.' })
  email!: string;

  @Field(() => String, { description: 'Password.' })
  password!: string;
}

@ObjectType('BrowserSessionGrant', { description: 'A new browser session (set its token as an HttpOnly cookie).' })
export class BrowserSessionGrant {
  @Field(() => String, { description: 'The session token (256 random bits, base64url); stored only hashed.' })
  sessionToken!: string;

  @Field(() => String, { description: 'CSRF token of the session.' })
  csrfToken!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'Absolute end of the session.' })
  expiresAt!: Date;
}

@InputType('CompleteAuthorizationInput', { description: 'The consent decision for an authorization request.' })
export class CompleteAuthorizationInput {
  @Field(() => AuthorizationRequestInput, { description: 'The original request (validated again).' })
  request!: AuthorizationRequestInput;

  @Field(() => String, { nullable: true, description: 'The browser session token.' })
  sessionToken?: string | null;

  @Field(() => String, { nullable: true, description: 'The CSRF token from the form.' })
  csrfToken?: string | null;

  @Field(() => ConsentDecision, { description: 'approve or deny.' })
  decision!: ConsentDecision;

  @Field(() => String, { nullable: true, description: 'The business account chosen on the page (else org_id).' })
  businessAccountId?: string | null;
}

@ObjectType('AuthorizationRedirect', { description: 'Where the browser goes next: the authorization response.' })
export class AuthorizationRedirect {
  @Field(() => String, { description: 'redirect_uri with code, state and iss, or error=access_denied.' })
  redirectUrl!: string;
}
