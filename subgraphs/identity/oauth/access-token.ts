/**
 * Issuing access tokens: RFC 9068 JWTs (`typ: at+jwt`, `kid`) with iss, aud, sub, client_id, scope,
 * iat, exp, jti, `org_id` for business tokens, and the grant id and generation that make revocation
 * and refresh take effect at once (see the kernel's access-token verifier).
 */
import { SignJWT } from 'jose';
import {
  ACCESS_TOKEN_ALG,
  ACCESS_TOKEN_TYPE,
  GRANT_GENERATION_CLAIM,
  GRANT_ID_CLAIM,
  ORG_ID_CLAIM,
  tokenIssuer,
} from '../../kernel/auth/access-token-verifier.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import type { Env } from '../../kernel/env.js';
import type { SigningKey } from './signing-keys.js';

/** Access token lifetime, seconds. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** What an access token says about its grant. */
export interface AccessTokenSubject {
  readonly grantId: string;
  readonly generation: number;
  readonly userId: string;
  readonly clientId: string;
  readonly businessAccountId: string | null;
  readonly scopes: readonly string[];
}

/** Signs an access token for `subject` with `key`. */
export async function signAccessToken(
  subject: AccessTokenSubject,
  key: SigningKey,
  env: Pick<Env, 'publicUrl'>,
  now: Date = new Date(),
): Promise<{ accessToken: string; expiresIn: number }> {
  const { issuer, audience } = tokenIssuer(env);
  const iat = Math.floor(now.getTime() / 1000);
  const accessToken = await new SignJWT({
    client_id: subject.clientId,
    scope: subject.scopes.join(' '),
    [GRANT_ID_CLAIM]: subject.grantId,
    [GRANT_GENERATION_CLAIM]: subject.generation,
    ...(subject.businessAccountId ? { [ORG_ID_CLAIM]: subject.businessAccountId } : {}),
  })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: ACCESS_TOKEN_TYPE, kid: key.kid })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(subject.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(uuidv7())
    .sign(key.key);
  return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}
