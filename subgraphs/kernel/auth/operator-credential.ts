/**
 * The operator credential of a one-process installation. When OPERATOR_TOKEN is not configured, a
 * generated one is kept in the data directory (mode 0600) so restarts and `npm run ops` agree on it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { EnvError, type Env } from '../env.js';

/** Where the generated operator token is kept: beside the embedded database, under `.data/`. */
export function operatorTokenFile(env: Pick<Env, 'dataDir'>): string {
  const base = env.dataDir.startsWith('memory://') ? resolve('.data/pglite') : env.dataDir;
  return join(dirname(base), 'operator-token');
}

/** The operator credential of a one-process installation: configured, saved, or generated and saved. */
export function resolveOperatorToken(env: Env): string {
  if (!env.operatorTokenGenerated || env.dataDir.startsWith('memory://')) return env.operatorToken;
  const saved = readSavedOperatorToken(env);
  if (saved) return saved;
  const file = operatorTokenFile(env);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${env.operatorToken}\n`, { mode: 0o600 });
  return env.operatorToken;
}

/**
 * The configured operator credential, for the separate topology: every process must agree on it,
 * so a generated one will not do. Throws an {@link EnvError} when OPERATOR_TOKEN is unset.
 */
export function configuredOperatorToken(env: Pick<Env, 'operatorToken' | 'operatorTokenGenerated'>): string {
  if (env.operatorTokenGenerated) {
    throw new EnvError(
      'OPERATOR_TOKEN must be set: in the separate topology every process has to agree on the operator credential',
    );
  }
  return env.operatorToken;
}

/** The operator token `npm start` saved in {@link operatorTokenFile}, if there is one. */
export function readSavedOperatorToken(env: Pick<Env, 'dataDir'>): string | undefined {
  const file = operatorTokenFile(env);
  if (!existsSync(file)) return undefined;
  const saved = readFileSync(file, 'utf8').trim();
  return saved.length >= 16 ? saved : undefined;
}
