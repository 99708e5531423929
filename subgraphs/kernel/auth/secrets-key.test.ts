/**
 * The key that encrypts secrets at rest, and the encryption: AES-256-GCM round trips, refuses a wrong
 * key and any altered byte; SECRETS_KEY wins; without it a key is generated once into the key file
 * beside the data directory (mode 0600) and read back by the next process; a damaged key file stops
 * the start instead of being replaced (which would orphan every secret sealed under it); an
 * in-memory data directory gets an ephemeral key and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { decryptSecret, encryptSecret, resolveSecretsKey, secretsKeyFile } from './secrets-key.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
/** An env whose data directory is a fresh temporary one (the database itself is never opened). */
function tempEnv(extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-key-'));
  dirs.push(dir);
  return loadEnv({ NODE_ENV: 'test', DATA_DIR: join(dir, 'pglite'), ...extra });
}

describe('encryptSecret / decryptSecret', () => {
  const key = randomBytes(32);

  it('round-trips text, with a fresh IV every time', () => {
    const secret = '{"kty":"OKP","d":"秘密の鍵"}';
    const [a, b] = [encryptSecret(key, secret), encryptSecret(key, secret)];
    expect(a).not.toBe(b);
    expect(decryptSecret(key, a)).toBe(secret);
    expect(decryptSecret(key, b)).toBe(secret);
    expect(a).not.toContain('秘密');
    // 12-byte IV + ciphertext + 16-byte tag.
    expect(Buffer.from(a, 'base64url')).toHaveLength(12 + Buffer.byteLength(secret) + 16);
  });

  it('refuses a wrong key', () => {
    expect(() => decryptSecret(randomBytes(32), encryptSecret(key, 'x'))).toThrow();
  });

  it.each([
    ['the IV', 0],
    ['the ciphertext', 12],
    ['the tag', -1],
  ])('refuses a value with a byte of %s altered', (_part, at) => {
    const bytes = Buffer.from(encryptSecret(key, 'a secret of some length'), 'base64url');
    const index = at < 0 ? bytes.length + at : at;
    bytes[index] = bytes[index]! ^ 0x01;
    expect(() => decryptSecret(key, bytes.toString('base64url'))).toThrow();
  });

  it('refuses a truncated value', () => {
    expect(() => decryptSecret(key, encryptSecret(key, 'x').slice(0, 20))).toThrow();
  });
});

describe('resolveSecretsKey', () => {
  it('uses SECRETS_KEY when configured and writes no file', () => {
    const configured = randomBytes(32);
    const env = tempEnv({ SECRETS_KEY: configured.toString('base64url') });
    expect(resolveSecretsKey(env).equals(configured)).toBe(true);
    expect(existsSync(secretsKeyFile(env))).toBe(false);
  });

  it('generates a key once into the key file beside the data directory, mode 0600, and reads it back', () => {
    const env = tempEnv();
    const file = secretsKeyFile(env);
    expect(file).toBe(join(env.dataDir, '..', 'secrets-key'));
    const key = resolveSecretsKey(env);
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url').equals(key)).toBe(true);
    // The next process (a new env over the same directory) gets the same key, so old secrets still open.
    const again = resolveSecretsKey(loadEnv({ NODE_ENV: 'test', DATA_DIR: env.dataDir }));
    expect(again.equals(key)).toBe(true);
    const sealed = encryptSecret(key, 'signing key');
    expect(decryptSecret(again, sealed)).toBe('signing key');
  });

  it('stops on a damaged key file instead of replacing it', () => {
    const env = tempEnv();
    writeFileSync(secretsKeyFile(env), 'not a key\n');
    expect(() => resolveSecretsKey(env)).toThrow(/does not hold a 32-byte base64url key/);
    expect(readFileSync(secretsKeyFile(env), 'utf8')).toBe('not a key\n');
  });

  it('gives an in-memory data directory an ephemeral key per env, writing nothing', () => {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
    const key = resolveSecretsKey(env);
    expect(resolveSecretsKey(env).equals(key)).toBe(true);
    expect(resolveSecretsKey(loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://' })).equals(key)).toBe(false);
  });

  it('gives an in-memory data directory of any name its own ephemeral key', () => {
    const named = () => loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://secrets-key-test' });
    expect(secretsKeyFile(named())).toBe(resolve('.data/secrets-key'));
    const env = named();
    const key = resolveSecretsKey(env);
    expect(resolveSecretsKey(env).equals(key)).toBe(true);
    expect(resolveSecretsKey(named()).equals(key)).toBe(false);
  });

  it.skipIf(!existsSync('/proc/self'))(
    'rethrows a failure to create the key file other than the file existing already',
    () => {
      // Nobody, root included, creates files in /proc: the write fails with ENOENT, not EEXIST.
      const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/proc/self/pglite' });
      expect(secretsKeyFile(env)).toBe('/proc/self/secrets-key');
      expect(() => resolveSecretsKey(env)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    },
  );

  it('is required in production, and must be 32 bytes of base64url', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY must be set in production/);
    expect(() => loadEnv({ SECRETS_KEY: randomBytes(16).toString('base64url') })).toThrow(/32 bytes/);
    expect(() => loadEnv({ SECRETS_KEY: `${'a'.repeat(42)}!` })).toThrow(/32 bytes/);
  });
});
