/**
 * The operator credential of a one-process installation. When OPERATOR_TOKEN is not configured, a
 * generated one is kept in the data directory (mode 0600) so restarts and `npm run ops` agree on it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Env } from '../env.js';

/** Where the generated operator token is kept: beside the embedded database, under `.data/`. */
export function operatorTokenFile(env: Pick<Env, 'dataDir'>): string {
  const base = env.dataDir.startsWith('memory://') ? resolve('.data/pglite') : env.dataDir;
  return join(dirname(base), 'operator-token');
}

export function resolveOperatorToken(env: Env): string {
  if (!env.operatorTokenGenerated || env.dataDir.startsWith('memory://')) return env.operatorToken;
  const file = operatorTokenFile(env);
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 16) return saved;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${env.operatorToken}\n`, { mode: 0o600 });
  return env.operatorToken;
}
