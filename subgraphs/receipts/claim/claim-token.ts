/**
 * Terminal claim tokens: a JWS (jose, HS256) bound to one
 * terminal's public id and one transaction, expiring 10 minutes after the transaction. The key is
 * derived with HKDF from the secrets key (SECRETS_KEY, or the generated development key), so every
 * process of one installation signs and verifies alike without a table. Its own `typ`, audience and
 * algorithm keep it apart from access tokens (EdDSA, `at+jwt`): neither is ever accepted as the other.
 */
import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { resolveSecretsKey } from '../../kernel/auth/secrets-key.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import type { Env } from '../../kernel/env.js';
import { UnauthenticatedError } from '../../kernel/errors.js';

/** How long after its transaction a terminal receipt can be fetched and claimed. */
export const TERMINAL_CLAIM_TTL_SECONDS = 600;
/** JOSE `typ` of a terminal claim token (an access token's is `at+jwt`). */
export const CLAIM_TOKEN_TYPE = 'terminal-claim+jwt';
const CLAIM_TOKEN_ALG = 'HS256';
const TERMINAL_CLAIM = 'ptid';
const HKDF_INFO = 'receipts/terminal-claim-token/v1';

/** The `WWW-Authenticate` challenge of a 401 for a bad claim token: its own scheme, not Bearer. */
export const CLAIM_TOKEN_CHALLENGE = 'ClaimToken realm="receipts", error="invalid_claim_token"';

type KeyEnv = Pick<Env, 'secretsKey' | 'dataDir' | 'publicUrl'>;
const keys = new WeakMap<object, Uint8Array>();

function claimKey(env: KeyEnv): Uint8Array {
  let key = keys.get(env);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', resolveSecretsKey(env), new Uint8Array(0), HKDF_INFO, 32));
    keys.set(env, key);
  }
  return key;
}

const audience = (env: KeyEnv): string => `${env.publicUrl}/receipts/terminal-claim`;

/** What a verified claim token names. */
export interface TerminalClaim {
  readonly publicTerminalId: string;
  readonly transactionId: string;
  /** The token's id, recorded in the claim's audit row. */
  readonly jti: string;
}

/** A signed claim token for a transaction at a terminal, and when it expires. */
export async function signClaimToken(
  env: KeyEnv,
  subject: { publicTerminalId: string; transactionId: string; occurredAt: Date },
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const exp = Math.floor(subject.occurredAt.getTime() / 1000) + TERMINAL_CLAIM_TTL_SECONDS;
  const token = await new SignJWT({ [TERMINAL_CLAIM]: subject.publicTerminalId })
    .setProtectedHeader({ alg: CLAIM_TOKEN_ALG, typ: CLAIM_TOKEN_TYPE })
    .setIssuer(env.publicUrl)
    .setAudience(audience(env))
    .setSubject(subject.transactionId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .setJti(uuidv7())
    .sign(claimKey(env));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The 401 of a claim token that is missing, malformed, forged, expired or for another terminal. */
export function invalidClaimToken(message: string): UnauthenticatedError {
  return new UnauthenticatedError(message, 'invalid_claim_token', CLAIM_TOKEN_CHALLENGE);
}

/**
 * Verifies a claim token for `publicTerminalId`.
 *
 * @throws UnauthenticatedError `invalid_claim_token` when it is missing, malformed, badly signed,
 *   expired, of another type, or bound to another terminal.
 */
export async function verifyClaimToken(
  env: KeyEnv,
  token: string | null | undefined,
  publicTerminalId: string,
): Promise<TerminalClaim> {
  if (!token) throw invalidClaimToken('A claim token is required (body field claimToken or header X-Claim-Token).');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, claimKey(env), {
      algorithms: [CLAIM_TOKEN_ALG],
      typ: CLAIM_TOKEN_TYPE,
      issuer: env.publicUrl,
      audience: audience(env),
      requiredClaims: ['sub', 'exp', 'jti', TERMINAL_CLAIM],
      clockTolerance: 0,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw invalidClaimToken(expired ? 'The claim token has expired.' : 'The claim token is not valid.');
    }
    throw error;
  }
  if (payload[TERMINAL_CLAIM] !== publicTerminalId)
    throw invalidClaimToken('The claim token was issued for another terminal.');
  return { publicTerminalId, transactionId: String(payload.sub), jti: String(payload.jti) };
}
