/**
 * The key that encrypts secrets at rest (AES-256-GCM), and the encryption itself. SECRETS_KEY when
 * configured; otherwise (development, tests) a generated key kept beside the embedded database like
 * the operator token (mode 0600), or an ephemeral one when the data directory is in memory.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Env } from '../env.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const ephemeral = new WeakMap<object, Buffer>();

/** Where a generated key is kept: `.data/secrets-key`, beside the embedded database. */
export function secretsKeyFile(env: Pick<Env, 'dataDir'>): string {
  const base = env.dataDir.startsWith('memory://') ? resolve('.data/pglite') : env.dataDir;
  return join(dirname(base), 'secrets-key');
}

function readKeyFile(file: string): Buffer | undefined {
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    return key.length === 32 ? key : undefined;
  } catch {
    return undefined;
  }
}

/** The configured key, the saved one, or a new one (saved unless the data directory is in memory). */
export function resolveSecretsKey(env: Pick<Env, 'secretsKey' | 'dataDir'>): Buffer {
  if (env.secretsKey) return env.secretsKey;
  if (env.dataDir.startsWith('memory://')) {
    let key = ephemeral.get(env);
    if (!key) ephemeral.set(env, (key = randomBytes(32)));
    return key;
  }
  const file = secretsKeyFile(env);
  const saved = readKeyFile(file);
  if (saved) return saved;
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: when two processes race to create it, the second reads what the first wrote.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const written = readKeyFile(file);
  if (!written) throw new Error(`${file} does not hold a 32-byte base64url key`);
  return written;
}

/** AES-256-GCM with a random 96-bit IV; base64url of iv | ciphertext | tag. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** Inverse of {@link encryptSecret}; throws when the key is wrong or the value was altered. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * A keyed digest of `value` for `purpose` (HMAC-SHA256 under a key derived from the secrets key with
 * HKDF, one per purpose; base64url, 43 characters): the same value always gives the same digest, so
 * a column of digests can be searched and deduplicated, while nobody without the key can test a guess.
 */
export function keyedDigest(env: Pick<Env, 'secretsKey' | 'dataDir'>, purpose: string, value: string): string {
  const key = Buffer.from(hkdfSync('sha256', resolveSecretsKey(env), Buffer.alloc(0), `rmp digest ${purpose}`, 32));
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}
