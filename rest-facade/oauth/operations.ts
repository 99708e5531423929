/** GraphQL documents of the OAuth token endpoints and the well-known documents. Aliases give the REST names. */
import type { Operation } from '../kernel/route.js';

const TOKEN_SET = `accessToken refreshToken tokenType expiresIn scope`;
const INTROSPECTION = `active scope scopes exp iat expiresAt clientId tokenType sub userId businessAccountId iss aud jti`;

export const ExchangeToken: Operation = {
  name: 'ExchangeToken',
  document: `mutation ExchangeToken($input: TokenRequestInput!) {
  requestToken(input: $input) { ${TOKEN_SET} }
}`,
};

export const RefreshToken: Operation = {
  name: 'RefreshToken',
  document: `mutation RefreshToken($input: TokenRequestInput!) {
  requestToken(input: $input) { ${TOKEN_SET} }
}`,
};

export const VerifyToken: Operation = {
  name: 'VerifyToken',
  document: `query VerifyToken($token: String) {
  verifyAccessToken(token: $token) { ${INTROSPECTION} }
}`,
};

/** The RFC 7662 dialect of verify: inactive tokens are `{active: false}`, not an error. */
export const IntrospectToken: Operation = {
  name: 'IntrospectToken',
  document: `query IntrospectToken($input: TokenIntrospectionInput!) {
  introspectToken(input: $input) { ${INTROSPECTION} }
}`,
};

export const RevokeToken: Operation = {
  name: 'RevokeToken',
  document: `mutation RevokeToken($input: TokenRevocationInput!) {
  revokeToken(input: $input) { revoked }
}`,
};

export const JsonWebKeySet: Operation = {
  name: 'JsonWebKeySet',
  document: `query JsonWebKeySet {
  jsonWebKeySet { keys { kty crv x kid alg use } }
}`,
};

export const AuthorizationServerMetadata: Operation = {
  name: 'AuthorizationServerMetadata',
  document: `query AuthorizationServerMetadata {
  authorizationServerMetadata {
    issuer
    authorization_endpoint: authorizationEndpoint
    token_endpoint: tokenEndpoint
    jwks_uri: jwksUri
    revocation_endpoint: revocationEndpoint
    introspection_endpoint: introspectionEndpoint
    response_types_supported: responseTypesSupported
    grant_types_supported: grantTypesSupported
    code_challenge_methods_supported: codeChallengeMethodsSupported
    token_endpoint_auth_methods_supported: tokenEndpointAuthMethodsSupported
    revocation_endpoint_auth_methods_supported: revocationEndpointAuthMethodsSupported
    introspection_endpoint_auth_methods_supported: introspectionEndpointAuthMethodsSupported
    scopes_supported: scopesSupported
    authorization_response_iss_parameter_supported: authorizationResponseIssParameterSupported
  }
}`,
};
