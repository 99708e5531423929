/**
 * The generated operator credential of a one-process installation: without OPERATOR_TOKEN a random
 * `op_` token is generated, kept in the data directory (mode 0600) so a restart and `npm run ops`
 * agree on it; a configured token wins and is never written; an in-memory data directory writes
 * nothing; the separate topology refuses to run on a generated one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import {
  configuredOperatorToken,
  operatorTokenFile,
  readSavedOperatorToken,
  resolveOperatorToken,
} from './operator-credential.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'operator-token-'));
  dirs.push(dir);
  return join(dir, 'pglite');
}
const envOf = (DATA_DIR: string, extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'test', DATA_DIR, ...extra });

describe('the generated operator credential', () => {
  it('is generated, saved beside the data directory with mode 0600, and kept across restarts', () => {
    const dir = dataDir();
    const first = resolveOperatorToken(envOf(dir));
    expect(first).toMatch(/^op_[A-Za-z0-9_-]{32}$/);
    const file = operatorTokenFile(envOf(dir));
    expect(file).toBe(join(dir, '..', 'operator-token'));
    expect(readFileSync(file, 'utf8')).toBe(`${first}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart generates another candidate in its env, but uses the saved token.
    const restarted = envOf(dir);
    expect(restarted.operatorToken).not.toBe(first);
    expect(resolveOperatorToken(restarted)).toBe(first);
    // What `npm run ops` reads.
    expect(readSavedOperatorToken(restarted)).toBe(first);
  });

  it('is generated afresh when the saved one is too short to be a credential', () => {
    const dir = dataDir();
    const file = operatorTokenFile(envOf(dir));
    resolveOperatorToken(envOf(dir));
    writeFileSync(file, 'short\n');
    expect(readSavedOperatorToken(envOf(dir))).toBeUndefined();
    const replaced = resolveOperatorToken(envOf(dir));
    expect(replaced).toMatch(/^op_/);
    expect(readFileSync(file, 'utf8')).toBe(`${replaced}\n`);
  });

  it('differs between installations', () => {
    expect(resolveOperatorToken(envOf(dataDir()))).not.toBe(resolveOperatorToken(envOf(dataDir())));
  });

  it('gives way to OPERATOR_TOKEN, which is never written', () => {
    const dir = dataDir();
    const env = envOf(dir, { OPERATOR_TOKEN: 'configured-operator-token-1' });
    expect(resolveOperatorToken(env)).toBe('configured-operator-token-1');
    expect(existsSync(operatorTokenFile(env))).toBe(false);
    expect(configuredOperatorToken(env)).toBe('configured-operator-token-1');
  });

  it('is not saved for an in-memory data directory', () => {
    const env = envOf('memory://');
    expect(resolveOperatorToken(env)).toBe(env.operatorToken);
  });

  it('is refused by the separate topology, where every process must agree', () => {
    expect(() => configuredOperatorToken(envOf(dataDir()))).toThrow(/OPERATOR_TOKEN must be set/);
  });
});
