/**
 * Verification of OAuth access tokens (RFC 9068 JWTs) in any process of either topology: the public
 * keys and the grant state are read with SQL from the shared database through the process's own ORM,
 * so the gateway, every subgraph and the facade agree without sharing memory. Public keys are cached
 * by `kid` for at most `SIGNING_KEY_CACHE_SECONDS` (a key never changes, but it can be retired or
 * deleted, which then takes effect in every process within that time); grant state is never cached,
 * so a refresh or a revocation takes effect on the very next request.
 */
import { importJWK, jwtVerify, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { EntityManager } from '../db/orm.js';
import { isDatabaseUnavailable } from '../db/outage.js';
import { isUuid } from '../db/uuid.js';
import type { Env } from '../env.js';
import type { AccessTokenVerifier } from './authenticate.js';
import type { GrantPrincipal } from './principal.js';

/** A key as jose imports it. */
export type JoseKey = Awaited<ReturnType<typeof importJWK>>;

/** JOSE header `typ` of an access token (RFC 9068 §2.1). */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
/** The one signing algorithm in use (Ed25519). */
export const ACCESS_TOKEN_ALG = 'EdDSA';
/** Private claim: the grant the token belongs to. */
export const GRANT_ID_CLAIM = 'grant_id';
/** Private claim: the grant generation the token was issued in (bumped by every refresh). */
export const GRANT_GENERATION_CLAIM = 'grant_gen';
/** Claim naming the business account of a business token. */
export const ORG_ID_CLAIM = 'org_id';

/** The claims of an access token that verified, before the liveness check. */
export interface AccessTokenClaims {
  readonly sub: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly grantId: string;
  readonly generation: number;
  readonly businessAccountId: string | undefined;
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly jti: string;
  readonly aud: string;
  readonly iss: string;
}

/** Issuer and audience of this installation's tokens: both the public base URL (AS and RS are one). */
export function tokenIssuer(env: Pick<Env, 'publicUrl'>): { issuer: string; audience: string } {
  return { issuer: env.publicUrl, audience: env.publicUrl };
}

function readClaims(payload: JWTPayload): AccessTokenClaims | null {
  const { sub, client_id, scope, jti, iat, exp, aud, iss } = payload as Record<string, unknown>;
  const grantId = payload[GRANT_ID_CLAIM];
  const generation = payload[GRANT_GENERATION_CLAIM];
  const org = payload[ORG_ID_CLAIM];
  if (typeof sub !== 'string' || typeof client_id !== 'string' || typeof scope !== 'string') return null;
  if (typeof grantId !== 'string' || !isUuid(grantId) || typeof generation !== 'number') return null;
  if (typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (org !== undefined && typeof org !== 'string') return null;
  return {
    sub,
    clientId: client_id,
    scopes: scope.split(' ').filter((s) => s !== ''),
    grantId,
    generation,
    businessAccountId: org,
    issuedAt: iat,
    expiresAt: exp,
    jti,
    aud: typeof aud === 'string' ? aud : '',
    iss: typeof iss === 'string' ? iss : '',
  };
}

/** Default of `SIGNING_KEY_CACHE_SECONDS` for callers that pass a partial {@link Env}. */
const DEFAULT_KEY_CACHE_SECONDS = 30;

interface CachedKey {
  readonly key: Promise<JoseKey | null>;
  readonly loadedAt: number;
}

/**
 * Public keys by kid, for the whole process: a kid is 96 random bits and a key never changes, so one
 * cache serves every verifier (and every database a test process opens). An entry is looked up again
 * once it is older than the verifier's cache time, so a retired or deleted key stops verifying.
 */
const publicKeys = new Map<string, CachedKey>();

/** Drops a key from this process's cache at once (the process that retires it need not wait). */
export function forgetPublicKey(kid: string): void {
  publicKeys.delete(kid);
}

/**
 * Checks signature, `typ`, `iss`, `aud` and `exp` of RFC 9068 access tokens, and (in
 * {@link verify}) that the grant is live: not revoked, and still in the generation the token names.
 */
export class SqlAccessTokenVerifier implements AccessTokenVerifier {
  private readonly issuer: string;
  private readonly audience: string;
  private readonly keyCacheMs: number;

  /** @param em a root or request EntityManager; each lookup runs on a fork of it. */
  constructor(
    private readonly em: EntityManager,
    env: Pick<Env, 'publicUrl'> & Partial<Pick<Env, 'signingKeyCacheSeconds'>>,
  ) {
    ({ issuer: this.issuer, audience: this.audience } = tokenIssuer(env));
    this.keyCacheMs = (env.signingKeyCacheSeconds ?? DEFAULT_KEY_CACHE_SECONDS) * 1000;
  }

  /** The principal of a live access token, or null. */
  async verify(token: string): Promise<GrantPrincipal | null> {
    const claims = await this.verifySignature(token);
    if (!claims) return null;
    return (await this.isLive(claims)) ? principalOf(claims) : null;
  }

  /**
   * The claims of a well-formed, correctly signed token of this issuer and audience, or null.
   * `ignoreExpiry` serves revocation, which accepts an expired token (RFC 7009 §2.2 allows either).
   */
  async verifySignature(token: string, ignoreExpiry = false): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.keyResolver, {
        issuer: this.issuer,
        audience: this.audience,
        typ: ACCESS_TOKEN_TYPE,
        algorithms: [ACCESS_TOKEN_ALG],
        requiredClaims: ['sub', 'exp', 'iat', 'jti', 'client_id', 'scope'],
        ...(ignoreExpiry ? { currentDate: new Date(0) } : {}),
      });
      return readClaims(payload);
    } catch (error) {
      // A key that could not be read is not a bad token: an outage must not answer invalid_token.
      if (isDatabaseUnavailable(error)) throw error;
      return null;
    }
  }

  /** Whether the grant behind the claims is neither revoked nor moved to a later generation. */
  async isLive(claims: Pick<AccessTokenClaims, 'grantId' | 'generation'>): Promise<boolean> {
    const rows = await this.em
      .fork()
      .execute<{ generation: number }[]>(
        'select "generation" from "oauth_grant" where "id" = ? and "revoked_at" is null',
        [claims.grantId],
      );
    return rows[0] !== undefined && Number(rows[0].generation) === claims.generation;
  }

  private readonly keyResolver: JWTVerifyGetKey = async (header) => {
    const kid = header.kid;
    if (typeof kid !== 'string' || kid.length > 64) throw new Error('no kid');
    let cached = publicKeys.get(kid);
    if (!cached || Date.now() - cached.loadedAt >= this.keyCacheMs) {
      cached = { key: this.loadKey(kid), loadedAt: Date.now() };
      publicKeys.set(kid, cached);
    }
    let resolved: JoseKey | null;
    try {
      resolved = await cached.key;
    } catch (error) {
      // A failed read (e.g. during a database outage) is not remembered either, or the key would
      // stay unusable after the database is back.
      if (publicKeys.get(kid) === cached) publicKeys.delete(kid);
      throw error;
    }
    // An unknown (or retired) kid is not remembered: another process may have just created that key.
    if (!resolved) {
      if (publicKeys.get(kid) === cached) publicKeys.delete(kid);
      throw new Error('unknown kid');
    }
    return resolved;
  };

  private async loadKey(kid: string): Promise<JoseKey | null> {
    const rows = await this.em
      .fork()
      .execute<{ public_jwk: JWK | string }[]>(
        'select "public_jwk" from "oauth_signing_key" where "kid" = ? and "retired_at" is null',
        [kid],
      );
    const jwk = rows[0]?.public_jwk;
    if (!jwk) return null;
    return importJWK(typeof jwk === 'string' ? (JSON.parse(jwk) as JWK) : jwk, ACCESS_TOKEN_ALG);
  }
}

/** The principal a live token stands for. */
export function principalOf(claims: AccessTokenClaims): GrantPrincipal {
  const facts = {
    userId: claims.sub,
    clientId: claims.clientId,
    grantId: claims.grantId,
    scopes: new Set(claims.scopes),
    expiresAt: new Date(claims.expiresAt * 1000),
  };
  return claims.businessAccountId
    ? { kind: 'business', businessAccountId: claims.businessAccountId, ...facts }
    : { kind: 'user', ...facts };
}
