/**
 * What the authorization server publishes: its RFC 8414 metadata and its JWKS (RFC 7517).
 */
import { Field, ObjectType } from 'type-graphql';
import { ACCESS_TOKEN_ALG } from '../../kernel/auth/access-token-verifier.js';
import { BUSINESS_SCOPES, USER_SCOPES } from '../../kernel/auth/scopes.js';
import type { BaseContext } from '../../kernel/context.js';
import { signingKeysFor } from './signing-keys.js';

@ObjectType('JsonWebKey', { description: 'A public signing key (RFC 7517; Ed25519 as an OKP key, RFC 8037).' })
export class JsonWebKey {
  @Field(() => String, { description: 'Key type (OKP).' })
  kty!: string;

  @Field(() => String, { nullable: true, description: 'Curve (Ed25519).' })
  crv?: string | null;

  @Field(() => String, { nullable: true, description: 'Public key, base64url.' })
  x?: string | null;

  @Field(() => String, { description: 'Key id, the `kid` of the tokens it signed.' })
  kid!: string;

  @Field(() => String, { description: 'Algorithm (EdDSA).' })
  alg!: string;

  @Field(() => String, { description: 'Use: sig.' })
  use!: string;
}

@ObjectType('JsonWebKeySet', { description: 'The keys that verify access tokens (all live keys, newest first).' })
export class JsonWebKeySet {
  @Field(() => [JsonWebKey], { description: 'The keys.' })
  keys!: JsonWebKey[];
}

@ObjectType('AuthorizationServerMetadata', { description: 'RFC 8414 authorization server metadata.' })
export class AuthorizationServerMetadata {
  @Field(() => String, { description: 'issuer: PUBLIC_URL.' })
  issuer!: string;

  @Field(() => String, { description: 'authorization_endpoint.' })
  authorizationEndpoint!: string;

  @Field(() => String, { description: 'token_endpoint.' })
  tokenEndpoint!: string;

  @Field(() => String, { description: 'jwks_uri.' })
  jwksUri!: string;

  @Field(() => String, { description: 'revocation_endpoint (RFC 7009).' })
  revocationEndpoint!: string;

  @Field(() => String, { description: 'introspection_endpoint (RFC 7662).' })
  introspectionEndpoint!: string;

  @Field(() => [String], { description: 'response_types_supported.' })
  responseTypesSupported!: string[];

  @Field(() => [String], { description: 'grant_types_supported.' })
  grantTypesSupported!: string[];

  @Field(() => [String], { description: 'code_challenge_methods_supported.' })
  codeChallengeMethodsSupported!: string[];

  @Field(() => [String], { description: 'token_endpoint_auth_methods_supported.' })
  tokenEndpointAuthMethodsSupported!: string[];

  @Field(() => [String], {
    description: 'revocation_endpoint_auth_methods_supported (none: a token holder may revoke it).',
  })
  revocationEndpointAuthMethodsSupported!: string[];

  @Field(() => [String], { description: 'introspection_endpoint_auth_methods_supported.' })
  introspectionEndpointAuthMethodsSupported!: string[];

  @Field(() => [String], { description: 'scopes_supported.' })
  scopesSupported!: string[];

  @Field(() => Boolean, { description: 'authorization_response_iss_parameter_supported (RFC 9207).' })
  authorizationResponseIssParameterSupported!: boolean;
}

const CLIENT_AUTH = ['client_secret_basic', 'client_secret_post'];

/** The metadata document of this installation (issuer = PUBLIC_URL). */
export function authorizationServerMetadata(ctx: Pick<BaseContext, 'env'>): AuthorizationServerMetadata {
  const base = ctx.env.publicUrl;
  return {
    issuer: base,
    authorizationEndpoint: `${base}/oauth/authorize`,
    tokenEndpoint: `${base}/api/v1/auth/token`,
    jwksUri: `${base}/.well-known/jwks.json`,
    revocationEndpoint: `${base}/api/v1/auth/revoke`,
    introspectionEndpoint: `${base}/api/v1/auth/verify`,
    responseTypesSupported: ['code'],
    grantTypesSupported: ['authorization_code', 'refresh_token'],
    codeChallengeMethodsSupported: ['S256'],
    tokenEndpointAuthMethodsSupported: CLIENT_AUTH,
    revocationEndpointAuthMethodsSupported: [...CLIENT_AUTH, 'none'],
    introspectionEndpointAuthMethodsSupported: [...CLIENT_AUTH, 'none'],
    scopesSupported: [...BUSINESS_SCOPES, ...USER_SCOPES],
    authorizationResponseIssParameterSupported: true,
  };
}

/** The JWKS: every live key (creating the first one when there is none). */
export async function jsonWebKeySet(ctx: Pick<BaseContext, 'env' | 'em'>): Promise<JsonWebKeySet> {
  const keys = await signingKeysFor(ctx.env).jwks(ctx.em);
  return {
    keys: keys.map((jwk) => ({
      kty: String(jwk.kty),
      crv: jwk.crv ?? null,
      x: jwk.x ?? null,
      kid: String(jwk.kid),
      alg: String(jwk.alg ?? ACCESS_TOKEN_ALG),
      use: String(jwk.use ?? 'sig'),
    })),
  };
}
