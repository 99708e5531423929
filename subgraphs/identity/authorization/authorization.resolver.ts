import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { mailLocale } from '../mail/mail-texts.js';
import { BrowserSignUpInput, SignUpResult } from '../user/email-verification.types.js';
import {
  AuthorizationPrompt,
  AuthorizationRedirect,
  AuthorizationRequestInput,
  BrowserSessionGrant,
  BrowserSignInInput,
  CompleteAuthorizationInput,
} from './authorization.types.js';

/** The authorization endpoint's operations, called by the sign-in and consent pages of the facade. */
@Resolver()
export class AuthorizationResolver {
  @Query(() => AuthorizationPrompt, {
    description:
      'Validates a GET /oauth/authorize request and describes its consent page. BAD_USER_INPUT reasons: invalid_client, invalid_redirect_uri, unsupported_response_type, invalid_request, invalid_scope, app_not_approved; FORBIDDEN not_a_business_owner.',
  })
  authorizationPrompt(
    @Arg('request', () => AuthorizationRequestInput) request: AuthorizationRequestInput,
    @Arg('sessionToken', () => String, { nullable: true }) sessionToken: string | null,
    @Ctx() ctx: IdentityContext,
  ): Promise<AuthorizationPrompt> {
    return ctx.authorization.prompt(request, sessionToken);
  }

  @Mutation(() => BrowserSessionGrant, {
    description: 'Signs a browser in (BAD_USER_INPUT invalid_credentials; RATE_LIMITED with retryAfter when locked).',
  })
  signInBrowser(
    @Arg('input', () => BrowserSignInInput) input: BrowserSignInInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<BrowserSessionGrant> {
    return ctx.authorization.signIn(input);
  }

  @Mutation(() => SignUpResult, {
    description:
      'Registers a consumer account and mails a verification link; a taken address instead gets a "someone tried to sign up" mail, and the answer is the same. Signs nobody in. BAD_USER_INPUT password_policy or validation_failed; RATE_LIMITED (sign-ups per client IP) with retryAfter.',
  })
  signUpBrowser(
    @Arg('input', () => BrowserSignUpInput) input: BrowserSignUpInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<SignUpResult> {
    return ctx.signUps.signUp({
      email: input.email,
      password: input.password,
      locale: mailLocale(input.locale),
      returnQuery: input.returnQuery ?? '',
    });
  }

  @Mutation(() => Boolean, { description: 'Ends a browser session (FORBIDDEN csrf_failed on a wrong CSRF token).' })
  signOutBrowser(
    @Arg('sessionToken', () => String, { nullable: true }) sessionToken: string | null,
    @Arg('csrfToken', () => String, { nullable: true }) csrfToken: string | null,
    @Ctx() ctx: IdentityContext,
  ): Promise<boolean> {
    return ctx.authorization.signOut(sessionToken, csrfToken);
  }

  @Mutation(() => AuthorizationRedirect, {
    description:
      'The consent decision: the authorization response URL (code or access_denied, with state and iss). BAD_USER_INPUT session_required; FORBIDDEN csrf_failed or not_a_business_owner.',
  })
  completeAuthorization(
    @Arg('input', () => CompleteAuthorizationInput) input: CompleteAuthorizationInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<AuthorizationRedirect> {
    return ctx.authorization.complete(input);
  }
}
