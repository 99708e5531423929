/**
 * The access-token signing keys: Ed25519, the private half encrypted at rest. The newest live key
 * signs; the JWKS lists every live key, so a new key can be added before the old one is retired.
 * A process keeps the decrypted signing key in memory for `SIGNING_KEY_CACHE_SECONDS`, then looks
 * again, so a key added (or retired) by another process is picked up within that time.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_ALG, type JoseKey } from '../../kernel/auth/access-token-verifier.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import type { Env } from '../../kernel/env.js';
import { log } from '../../kernel/logger.js';
import { decryptSecret, encryptSecret, resolveSecretsKey } from '../../kernel/auth/secrets-key.js';

/** Default of `SIGNING_KEY_CACHE_SECONDS` for callers that pass a partial {@link Env}. */
const DEFAULT_CACHE_SECONDS = 30;

/** What signing keys need of the configuration. */
export type SigningKeysEnv = Pick<Env, 'secretsKey' | 'dataDir'> & Partial<Pick<Env, 'signingKeyCacheSeconds'>>;

/** A key ready to sign with. */
export interface SigningKey {
  readonly kid: string;
  readonly key: JoseKey;
}

interface KeyRow {
  readonly kid: string;
  readonly private_jwk_encrypted: string;
}

/** Signing keys of one installation (one per {@link Env}, i.e. per process and database). */
export class SigningKeys {
  private current: { key: Promise<SigningKey>; loadedAt: number } | undefined;
  private readonly refreshMs: number;

  constructor(private readonly env: SigningKeysEnv) {
    this.refreshMs = (env.signingKeyCacheSeconds ?? DEFAULT_CACHE_SECONDS) * 1000;
  }

  /** The key to sign with: the newest live key this process can decrypt, created when there is none. */
  signingKey(em: EntityManager): Promise<SigningKey> {
    if (!this.current || Date.now() - this.current.loadedAt >= this.refreshMs) {
      const key = this.load(em.fork());
      this.current = { key, loadedAt: Date.now() };
      key.catch(() => (this.current = undefined));
    }
    return this.current.key;
  }

  /** Public JWKs of every live key (RFC 7517 key set). */
  async jwks(em: EntityManager): Promise<JWK[]> {
    await this.signingKey(em);
    const rows = await em
      .fork()
      .execute<{ public_jwk: JWK }[]>(
        'select "public_jwk" from "oauth_signing_key" where "retired_at" is null order by "created_at" desc',
      );
    return rows.map((row) => row.public_jwk);
  }

  /** Adds a key that signs from now on (in other processes within the cache time); returns its kid. */
  async rotate(em: EntityManager): Promise<string> {
    const key = await this.create(em.fork(), resolveSecretsKey(this.env));
    this.current = { key: Promise.resolve(key), loadedAt: Date.now() };
    return key.kid;
  }

  /** Forgets the cached signing key, so the next token is signed by whatever key is newest now. */
  forget(): void {
    this.current = undefined;
  }

  private async load(em: EntityManager): Promise<SigningKey> {
    const secretsKey = resolveSecretsKey(this.env);
    const rows = await em.execute<KeyRow[]>(
      'select "kid", "private_jwk_encrypted" from "oauth_signing_key" where "retired_at" is null order by "created_at" desc',
    );
    for (const row of rows) {
      try {
        const jwk = JSON.parse(decryptSecret(secretsKey, row.private_jwk_encrypted)) as JWK;
        return { kid: row.kid, key: await importJWK(jwk, ACCESS_TOKEN_ALG) };
      } catch {
        // Encrypted under another SECRETS_KEY (e.g. an ephemeral one): unusable here, keep looking.
        log('warn', 'oauth signing key cannot be decrypted with this SECRETS_KEY', { kid: row.kid });
      }
    }
    return this.create(em, secretsKey);
  }

  private async create(em: EntityManager, secretsKey: Buffer): Promise<SigningKey> {
    const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALG, { crv: 'Ed25519', extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALG, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    const now = new Date();
    await em.execute(
      `insert into "oauth_signing_key" ("id", "created_at", "updated_at", "kid", "alg", "public_jwk", "private_jwk_encrypted")
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        uuidv7(),
        now,
        now,
        kid,
        ACCESS_TOKEN_ALG,
        JSON.stringify(publicJwk),
        encryptSecret(secretsKey, JSON.stringify(privateJwk)),
      ],
    );
    return { kid, key: privateKey };
  }
}

const perEnv = new WeakMap<object, SigningKeys>();

/** The signing keys of this process for `env` (one cache per configuration). */
export function signingKeysFor(env: SigningKeysEnv): SigningKeys {
  let keys = perEnv.get(env);
  if (!keys) perEnv.set(env, (keys = new SigningKeys(env)));
  return keys;
}
