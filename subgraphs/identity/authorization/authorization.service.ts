/**
 * The authorization endpoint's protocol steps behind the pages: validate the request, sign in or up
 * (a browser session), describe what the consent page shows, and turn the decision into the
 * authorization response. These operations are public: the session token and its CSRF token are the
 * caller's credentials, checked here on every call.
 */
import type { BaseContext } from '../../kernel/context.js';
import { AppError, BadUserInputError } from '../../kernel/errors.js';
import type { BusinessAccount } from '../business-account/business-account.entity.js';
import { BusinessAccountService } from '../business-account/business-account.service.js';
import { emailNotVerified } from '../business-account/owner-invitation.service.js';
import { issueAuthorizationCode } from '../oauth/authorization-code.js';
import type { UserService } from '../user/user.service.js';
import { csrfFailed, notABusinessOwner, sessionRequired } from './authorization-error.js';
import {
  authorizationResponseUrl,
  validateAuthorizationRequest,
  type AuthorizationParameters,
  type ValidAuthorizationRequest,
} from './authorization-request.js';
import {
  ConsentDecision,
  type AuthorizationPrompt,
  type AuthorizationRedirect,
  type BrowserSessionGrant,
  type BrowserSignInInput,
  type CompleteAuthorizationInput,
} from './authorization.types.js';
import { endSession, findLiveSession, isCsrfTokenOf, startSession, type LiveSession } from './browser-session.store.js';
import { SCOPE_DESCRIPTIONS } from './scope-descriptions.js';

/** Sign-in, sign-up, consent and the authorization response. */
export class AuthorizationService {
  private readonly businessAccounts: BusinessAccountService;

  constructor(
    private readonly ctx: BaseContext,
    private readonly users: UserService,
  ) {
    this.businessAccounts = new BusinessAccountService(ctx);
  }

  /**
   * Validates the request and, with a live session, what the user may consent to. Business scopes
   * need a verified email (FORBIDDEN `email_not_verified`) and an owned business account (FORBIDDEN
   * `not_a_business_owner`).
   */
  async prompt(params: AuthorizationParameters, sessionToken: string | null): Promise<AuthorizationPrompt> {
    const request = await validateAuthorizationRequest(this.ctx.em, params);
    const live = await findLiveSession(this.ctx.em, sessionToken);
    const choices = live ? await this.businessChoices(request, live) : [];
    const chosen = request.audience === 'business' ? choices.length === 1 : true;
    return {
      clientId: request.client.clientId,
      clientName: request.client.name,
      firstParty: request.client.firstParty,
      audience: request.audience,
      scopes: request.scopes.map((scope) => ({
        scope,
        ...SCOPE_DESCRIPTIONS[scope as keyof typeof SCOPE_DESCRIPTIONS],
      })),
      redirectUri: request.redirectUri,
      signedIn: live !== null,
      userEmail: live?.user.email ?? null,
      userDisplayName: live?.user.displayName ?? null,
      csrfToken: live?.csrfToken ?? null,
      businessAccounts: choices.map((b) => ({ id: b.id, name: b.name })),
      skipConsent: live !== null && request.client.firstParty && chosen,
    };
  }

  /**
   * Checks credentials (throttled per account and client IP) and starts a session. Wrong credentials
   * are BAD_USER_INPUT `invalid_credentials`; a locked account or IP is RATE_LIMITED with retryAfter.
   */
  async signIn(input: BrowserSignInInput): Promise<BrowserSessionGrant> {
    try {
      const user = await this.users.verifyCredentials(input.email, input.password, this.ctx.clientIp);
      return await this.grant(user.id);
    } catch (error) {
      // A rejected form, not a missing bearer credential: BAD_USER_INPUT, so no Bearer challenge follows.
      if (error instanceof AppError && error.extensions.reason === 'invalid_credentials')
        throw new BadUserInputError(error.message, [], 'invalid_credentials');
      throw error;
    }
  }

  /** Ends the session when the CSRF token is its own; false when there was no live session. */
  async signOut(sessionToken: string | null, csrfToken: string | null): Promise<boolean> {
    const live = await findLiveSession(this.ctx.em, sessionToken);
    if (!live || !sessionToken) return false;
    if (!isCsrfTokenOf(sessionToken, csrfToken)) throw csrfFailed();
    await endSession(this.ctx.em, sessionToken);
    return true;
  }

  /**
   * The consent decision: checks the session and its CSRF token first, validates the request again,
   * then answers deny with `access_denied`, approve with a new authorization code (RFC 9207 `iss` in both).
   */
  async complete(input: CompleteAuthorizationInput): Promise<AuthorizationRedirect> {
    const live = await findLiveSession(this.ctx.em, input.sessionToken);
    if (!live || !input.sessionToken) throw sessionRequired();
    if (!isCsrfTokenOf(input.sessionToken, input.csrfToken)) throw csrfFailed();
    const request = await validateAuthorizationRequest(this.ctx.em, input.request);
    const issuer = this.ctx.env.publicUrl;
    if (input.decision === ConsentDecision.DENY) {
      return {
        redirectUrl: authorizationResponseUrl(request.redirectUri, issuer, request.state, { error: 'access_denied' }),
      };
    }
    const businessAccountId = await this.chosenBusinessAccount(request, live, input.businessAccountId ?? null);
    const { code } = await issueAuthorizationCode(this.ctx.em, {
      client: request.client,
      userId: live.user.id,
      businessAccountId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallenge ? 'S256' : null,
    });
    return { redirectUrl: authorizationResponseUrl(request.redirectUri, issuer, request.state, { code }) };
  }

  private async grant(userId: string): Promise<BrowserSessionGrant> {
    const session = await startSession(this.ctx.em, userId);
    return { sessionToken: session.token, csrfToken: session.csrfToken, expiresAt: session.expiresAt };
  }

  /**
   * The owned accounts the user may grant for: the org_id one, else all; none is an error. An
   * unverified email confers nothing: FORBIDDEN `email_not_verified` before ownership is looked at.
   */
  private async businessChoices(request: ValidAuthorizationRequest, live: LiveSession): Promise<BusinessAccount[]> {
    if (request.audience !== 'business') return [];
    if (!live.user.emailVerifiedAt) throw emailNotVerified();
    const owned = await this.businessAccounts.ownedBy(live.user.id);
    const choices = request.orgId ? owned.filter((b) => b.id === request.orgId) : owned;
    if (choices.length === 0) throw notABusinessOwner();
    return choices;
  }

  private async chosenBusinessAccount(
    request: ValidAuthorizationRequest,
    live: LiveSession,
    picked: string | null,
  ): Promise<string | null> {
    const choices = await this.businessChoices(request, live);
    if (request.audience !== 'business') return null;
    const only = choices.length === 1 ? choices[0] : undefined;
    const choice = picked ? choices.find((b) => b.id === picked) : only;
    if (!choice) throw notABusinessOwner();
    return choice.id;
  }
}
