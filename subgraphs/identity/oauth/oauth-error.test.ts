/**
 * OAuth protocol errors as coded errors: the OAuth `error` travels as `extensions.reason`, the
 * description as the message, and the code decides the facade's status (invalid_client is the one 401).
 */
import { describe, expect, it } from 'vitest';
import { invalidClient, invalidGrant, invalidRequest, OAuthError, OAuthErrorCode } from './oauth-error.js';

describe('OAuthError', () => {
  it.each([
    [OAuthErrorCode.InvalidRequest, 'invalid_request', 'BAD_USER_INPUT'],
    [OAuthErrorCode.InvalidClient, 'invalid_client', 'UNAUTHENTICATED'],
    [OAuthErrorCode.InvalidGrant, 'invalid_grant', 'BAD_USER_INPUT'],
    [OAuthErrorCode.UnsupportedGrantType, 'unsupported_grant_type', 'BAD_USER_INPUT'],
    [OAuthErrorCode.InvalidScope, 'invalid_scope', 'BAD_USER_INPUT'],
    [OAuthErrorCode.InvalidToken, 'invalid_token', 'BAD_USER_INPUT'],
  ])('%s is the OAuth error %s with code %s', (error, reason, code) => {
    const e = new OAuthError(error, 'why');
    expect(e.error).toBe(reason);
    expect(e.message).toBe('why');
    expect(e.extensions).toMatchObject({ code, reason });
  });

  it('has shorthands with the descriptions the token endpoint sends', () => {
    expect(invalidClient()).toMatchObject({ error: 'invalid_client', message: 'Client authentication failed.' });
    expect(invalidRequest('code is required.')).toMatchObject({
      error: 'invalid_request',
      message: 'code is required.',
    });
    expect(invalidGrant('expired')).toMatchObject({ error: 'invalid_grant', message: 'expired' });
  });
});
