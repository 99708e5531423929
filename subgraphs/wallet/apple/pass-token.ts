/**
 * The per-pass `authenticationToken` Apple Wallet sends back to the pass web service
 * (`Authorization: ApplePass <token>`): an HMAC of the serial with the secrets key, so nothing is stored
 * and a token cannot be guessed from the serial.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { resolveSecretsKey } from '../../kernel/auth/secrets-key.js';
import type { Env } from '../../kernel/env.js';

type KeyEnv = Pick<Env, 'secretsKey' | 'dataDir'>;

/** base64url(HMAC-SHA256(secrets key, 'apple-wallet-pass:' + serial)): 43 characters. */
export function passAuthenticationToken(env: KeyEnv, serialNumber: string): string {
  return createHmac('sha256', resolveSecretsKey(env)).update(`apple-wallet-pass:${serialNumber}`).digest('base64url');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `token` is the pass's token; compared in constant time (digests of equal length). */
export function passTokenMatches(env: KeyEnv, serialNumber: string, token: string): boolean {
  return timingSafeEqual(digest(token), digest(passAuthenticationToken(env, serialNumber)));
}

/** The token of an `Authorization: ApplePass <token>` header, or undefined. */
export function applePassCredential(authorization: string | null | undefined): string | undefined {
  const match = /^ApplePass +(\S+)\s*$/.exec(authorization ?? '');
  return match?.[1];
}
