/** JSON Schemas of the OAuth token endpoints and well-known documents (merged into `components.schemas`). */
import type { JsonSchema } from '../kernel/route.js';

const str = (description: string): JsonSchema => ({ type: 'string', description });
const strings = { type: 'array', items: { type: 'string' } } as const;

export const AUTH_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  TokenRequest: {
    type: 'object',
    description: 'JSON dialect token request (interface: Token request).',
    required: ['grantType', 'clientId', 'clientSecret', 'code', 'redirectUri'],
    properties: {
      grantType: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
      clientId: str('Client id.'),
      clientSecret: str('Client secret.'),
      code: str('The authorization code.'),
      redirectUri: str('The redirect_uri of the authorization request, exactly.'),
      codeVerifier: str('PKCE verifier, required when a code_challenge was sent.'),
      refreshToken: str('With grantType refresh_token.'),
    },
  },
  RefreshRequest: {
    type: 'object',
    required: ['refreshToken', 'clientId', 'clientSecret'],
    properties: {
      refreshToken: str('The refresh token to rotate.'),
      clientId: str('Client id.'),
      clientSecret: str('Client secret.'),
      scope: str('Optional narrower scope, space-separated.'),
    },
  },
  VerifyRequest: {
    type: 'object',
    properties: { token: str('The access token; or send it as Authorization: Bearer.') },
  },
  RevokeRequest: {
    type: 'object',
    required: ['token'],
    properties: { token: str('An access or refresh token.'), tokenTypeHint: str('access_token or refresh_token.') },
  },
  TokenPair: {
    type: 'object',
    required: ['accessToken', 'refreshToken', 'tokenType', 'expiresIn', 'scope'],
    properties: {
      accessToken: str('RFC 9068 JWT (typ at+jwt).'),
      refreshToken: str('Opaque, single use, 30 days.'),
      tokenType: { type: 'string', const: 'Bearer' },
      expiresIn: { type: 'integer', description: 'Seconds (3600).' },
      scope: str('Granted scopes, space-separated.'),
    },
  },
  OAuthTokenResponse: {
    type: 'object',
    description: 'RFC 6749 §5.1 token response (form dialect).',
    required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'],
    properties: {
      access_token: { type: 'string' },
      token_type: { type: 'string', const: 'Bearer' },
      expires_in: { type: 'integer' },
      refresh_token: { type: 'string' },
      scope: { type: 'string' },
    },
  },
  TokenVerification: {
    type: 'object',
    required: ['active', 'scope', 'scopes', 'exp', 'expiresAt', 'clientId', 'tokenType', 'sub'],
    properties: {
      active: { type: 'boolean', const: true },
      scope: str('Scopes, space-separated.'),
      scopes: strings,
      exp: { type: 'integer', description: 'Expiry, seconds since the epoch.' },
      iat: { type: 'integer' },
      expiresAt: { type: 'string', format: 'date-time' },
      clientId: { type: 'string' },
      tokenType: { type: 'string', const: 'Bearer' },
      sub: str('The user who consented.'),
      userId: str('User tokens: the user.'),
      businessAccountId: str('Business tokens: the business account.'),
      iss: { type: 'string' },
      aud: { type: 'string' },
      jti: { type: 'string' },
    },
  },
  OAuthIntrospectionResponse: {
    type: 'object',
    description: 'RFC 7662 §2.2 (form dialect). Only `active: false` for a token that is not live.',
    required: ['active'],
    properties: {
      active: { type: 'boolean' },
      scope: { type: 'string' },
      client_id: { type: 'string' },
      token_type: { type: 'string' },
      exp: { type: 'integer' },
      iat: { type: 'integer' },
      sub: { type: 'string' },
      aud: { type: 'string' },
      iss: { type: 'string' },
      jti: { type: 'string' },
      org_id: str('Business tokens: the business account.'),
    },
  },
  RevokeResponse: {
    type: 'object',
    required: ['revoked'],
    properties: { revoked: { type: 'boolean', const: true } },
  },
  JsonWebKeySet: {
    type: 'object',
    required: ['keys'],
    properties: {
      keys: {
        type: 'array',
        items: {
          type: 'object',
          required: ['kty', 'kid', 'alg', 'use'],
          properties: {
            kty: { type: 'string' },
            crv: { type: 'string' },
            x: { type: 'string' },
            kid: { type: 'string' },
            alg: { type: 'string' },
            use: { type: 'string' },
          },
        },
      },
    },
  },
  AuthorizationServerMetadata: {
    type: 'object',
    description: 'RFC 8414 §2.',
    required: ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'response_types_supported'],
    properties: {
      issuer: { type: 'string' },
      authorization_endpoint: { type: 'string' },
      token_endpoint: { type: 'string' },
      jwks_uri: { type: 'string' },
      revocation_endpoint: { type: 'string' },
      introspection_endpoint: { type: 'string' },
      response_types_supported: strings,
      grant_types_supported: strings,
      code_challenge_methods_supported: strings,
      token_endpoint_auth_methods_supported: strings,
      revocation_endpoint_auth_methods_supported: strings,
      introspection_endpoint_auth_methods_supported: strings,
      scopes_supported: strings,
      authorization_response_iss_parameter_supported: { type: 'boolean' },
    },
  },
};
