import { createHash, timingSafeEqual } from 'node:crypto';
import { ANONYMOUS, INVALID_TOKEN, type GrantPrincipal, type Principal } from './principal.js';

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i;

function digest(value: string): Buffer {
  // Stryker disable next-line StringLiteral: an empty encoding is UTF-8 too (the digests stay equal).
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Checks an OAuth access token: signature, issuer, audience, expiry, and that the grant behind it
 * is still live (not revoked, not superseded by a refresh). Returns null for anything else.
 */
export interface AccessTokenVerifier {
  verify(token: string): Promise<GrantPrincipal | null>;
}

/**
 * Turns an `Authorization` header into a {@link Principal}: the operator credential (compared as a
 * SHA-256 digest in constant time, so neither length nor content leaks through timing), or an OAuth
 * access token through the {@link AccessTokenVerifier}. A header that is present but not valid gives
 * an anonymous principal marked `invalidToken`, so protected operations answer `invalid_token`.
 */
export class Authenticator {
  private readonly operatorDigest: Buffer;

  constructor(
    operatorToken: string,
    private readonly accessTokens?: AccessTokenVerifier,
  ) {
    this.operatorDigest = digest(operatorToken);
  }

  async authenticate(authorization: string | undefined): Promise<Principal> {
    if (!authorization) return ANONYMOUS;
    const token = BEARER.exec(authorization.trim())?.[1];
    if (!token) return INVALID_TOKEN;
    if (timingSafeEqual(digest(token), this.operatorDigest)) return { kind: 'operator' };
    return (await this.accessTokens?.verify(token)) ?? INVALID_TOKEN;
  }
}
