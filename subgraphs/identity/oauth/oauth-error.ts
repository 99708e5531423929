/**
 * OAuth protocol errors (RFC 6749 §5.2, RFC 7009, RFC 7662) as coded errors: `extensions.reason` is
 * the OAuth `error` code and the message its `error_description`. The facade turns them into the
 * dialect's status (JSON dialect 401, form dialect 400 / 401) with both OAuth and problem fields.
 */
import { AppError, ErrorCode } from '../../kernel/errors.js';

/** The OAuth error codes this server answers with. */
export enum OAuthErrorCode {
  InvalidRequest = 'invalid_request',
  InvalidClient = 'invalid_client',
  InvalidGrant = 'invalid_grant',
  UnsupportedGrantType = 'unsupported_grant_type',
  InvalidScope = 'invalid_scope',
  InvalidToken = 'invalid_token',
}

const CODES: Readonly<Record<OAuthErrorCode, ErrorCode>> = {
  [OAuthErrorCode.InvalidRequest]: ErrorCode.BadUserInput,
  [OAuthErrorCode.InvalidClient]: ErrorCode.Unauthenticated,
  [OAuthErrorCode.InvalidGrant]: ErrorCode.BadUserInput,
  [OAuthErrorCode.UnsupportedGrantType]: ErrorCode.BadUserInput,
  [OAuthErrorCode.InvalidScope]: ErrorCode.BadUserInput,
  // The token under inspection is input, not the caller's credential: a bad one is not the caller unauthenticated.
  [OAuthErrorCode.InvalidToken]: ErrorCode.BadUserInput,
};

/** A protocol error: `error` in `extensions.reason`, `error_description` as the message. */
export class OAuthError extends AppError {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
  ) {
    super(CODES[error], description, { reason: error });
  }
}

export const invalidRequest = (description: string): OAuthError =>
  new OAuthError(OAuthErrorCode.InvalidRequest, description);
export const invalidClient = (): OAuthError =>
  new OAuthError(OAuthErrorCode.InvalidClient, 'Client authentication failed.');
export const invalidGrant = (description: string): OAuthError =>
  new OAuthError(OAuthErrorCode.InvalidGrant, description);
