import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { AuthorizationServerMetadata, JsonWebKeySet, authorizationServerMetadata, jsonWebKeySet } from './metadata.js';
import {
  TokenIntrospection,
  TokenIntrospectionInput,
  TokenRequestInput,
  TokenRevocation,
  TokenRevocationInput,
  TokenSet,
  Viewer,
} from './oauth.types.js';

/** The token side of the authorization server: thin entry points over the OAuth services. */
@Resolver()
export class OAuthResolver {
  @Mutation(() => TokenSet, {
    description:
      'The token endpoint (RFC 6749): grantType authorization_code (PKCE S256) or refresh_token (rotating). Errors carry the OAuth error in extensions.reason.',
  })
  requestToken(
    @Arg('input', () => TokenRequestInput) input: TokenRequestInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<TokenSet> {
    return ctx.oauthTokens.requestToken(input);
  }

  @Mutation(() => TokenRevocation, {
    description: 'Revokes the grant of an access or refresh token (RFC 7009); an unknown token is still revoked: true.',
  })
  revokeToken(
    @Arg('input', () => TokenRevocationInput) input: TokenRevocationInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<TokenRevocation> {
    return ctx.oauthGrants.revoke(input);
  }

  @Query(() => TokenIntrospection, { description: 'RFC 7662 introspection: active false for anything not live.' })
  introspectToken(
    @Arg('input', () => TokenIntrospectionInput) input: TokenIntrospectionInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<TokenIntrospection> {
    return ctx.oauthGrants.introspect(input);
  }

  @Query(() => TokenIntrospection, {
    description: 'Verifies a live access token; UNAUTHENTICATED (invalid_token) otherwise.',
  })
  verifyAccessToken(
    @Arg('token', () => String, { nullable: true }) token: string | null,
    @Ctx() ctx: IdentityContext,
  ): Promise<TokenIntrospection> {
    return ctx.oauthGrants.verify(token);
  }

  @Query(() => Viewer, { description: 'The caller, as its bearer token says. Requires authentication.' })
  viewer(@Ctx() ctx: IdentityContext): Viewer {
    return ctx.oauthGrants.viewer();
  }

  @Query(() => JsonWebKeySet, {
    description: 'The public keys that verify access tokens (served at /.well-known/jwks.json).',
  })
  jsonWebKeySet(@Ctx() ctx: IdentityContext): Promise<JsonWebKeySet> {
    return jsonWebKeySet(ctx);
  }

  @Query(() => AuthorizationServerMetadata, {
    description: 'RFC 8414 metadata (served at /.well-known/oauth-authorization-server).',
  })
  authorizationServerMetadata(@Ctx() ctx: IdentityContext): AuthorizationServerMetadata {
    return authorizationServerMetadata(ctx);
  }
}
