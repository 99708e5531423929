import { createHash, timingSafeEqual } from 'node:crypto';
import { ANONYMOUS, type Principal } from './principal.js';

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Turns an `Authorization` header into a {@link Principal}. Tokens are compared as SHA-256 digests in
 * constant time, so neither length nor content leaks through timing.
 */
export class Authenticator {
  private readonly operatorDigest: Buffer;

  constructor(operatorToken: string) {
    this.operatorDigest = digest(operatorToken);
  }

  authenticate(authorization: string | undefined): Principal {
    if (!authorization) return ANONYMOUS;
    const token = BEARER.exec(authorization.trim())?.[1];
    if (!token) return { kind: 'anonymous', invalidToken: true };
    if (timingSafeEqual(digest(token), this.operatorDigest)) return { kind: 'operator' };
    return { kind: 'anonymous', invalidToken: true };
  }
}
