/** The tables of the token side of the authorization server (migration 0010). */
import { OAuthAuthorizationCode } from './oauth-authorization-code.entity.js';
import { OAuthGrant } from './oauth-grant.entity.js';
import { OAuthRefreshToken } from './oauth-refresh-token.entity.js';
import { OAuthSigningKey } from './oauth-signing-key.entity.js';

export const OAUTH_TOKEN_ENTITIES = [OAuthSigningKey, OAuthGrant, OAuthAuthorizationCode, OAuthRefreshToken];
