/**
 * Errors of `/oauth/authorize`, each a coded error whose `extensions.reason` names it. None of them
 * is ever sent to the redirect_uri: the pages show them.
 */
import { AppError, BadUserInputError, ErrorCode, ForbiddenError } from '../../kernel/errors.js';

/** The reasons the authorization endpoint answers with (RFC 6749 §4.1.2.1 codes plus the interface's). */
export enum AuthorizationErrorCode {
  /** client_id missing or unknown. */
  InvalidClient = 'invalid_client',
  /** redirect_uri missing or not registered, character for character. */
  InvalidRedirectUri = 'invalid_redirect_uri',
  UnsupportedResponseType = 'unsupported_response_type',
  InvalidRequest = 'invalid_request',
  InvalidScope = 'invalid_scope',
  /** A user.* scope for an app that is neither first-party nor approved (the public interface). */
  AppNotApproved = 'app_not_approved',
}

/** A bad authorization request: BAD_USER_INPUT (400) with the error code as reason. */
export class AuthorizationRequestError extends AppError {
  constructor(
    readonly error: AuthorizationErrorCode,
    description: string,
  ) {
    super(ErrorCode.BadUserInput, description, { reason: error });
  }
}

/** The signed-in user owns no (or not the chosen) business account: FORBIDDEN `not_a_business_owner`. */
export const notABusinessOwner = (): ForbiddenError =>
  new ForbiddenError('Only an owner of the business account can grant business scopes.', 'not_a_business_owner');

/**
 * No live session: BAD_USER_INPUT `session_required` (the session token is an argument, not the
 * caller's bearer credential; the pages send the browser to sign in).
 */
export const sessionRequired = (): BadUserInputError =>
  new BadUserInputError('Sign in to continue.', [], 'session_required');

/** The form's CSRF token is missing or wrong: FORBIDDEN `csrf_failed`; nothing was changed. */
export const csrfFailed = (): ForbiddenError =>
  new ForbiddenError('The form has expired or was not sent from this site. Reload the page.', 'csrf_failed');
