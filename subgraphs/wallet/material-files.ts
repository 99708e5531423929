/**
 * Reading wallet signing material (env-wallet.ts): a secret inline or from its file, else from the dev
 * directory `wallet:dev-certs` writes. Files are read when needed and re-read only when their
 * modification time changes, so material written while the service runs is used without a restart.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretSource } from '../kernel/env-wallet.js';

const cache = new Map<string, { mtimeMs: number; text: string }>();

/** The text of `path`, or undefined when it is absent or unreadable; re-read only when its mtime changes. */
export function readCached(path: string): string | undefined {
  try {
    const { mtimeMs } = statSync(path);
    const hit = cache.get(path);
    if (hit?.mtimeMs === mtimeMs) return hit.text;
    const text = readFileSync(path, 'utf8');
    cache.set(path, { mtimeMs, text });
    return text;
  } catch {
    return undefined;
  }
}

/** The secret's inline text, else its file's, else (when given) the dev directory's `devFile`. */
export function secretText(source: SecretSource, devDir?: string, devFile?: string): string | undefined {
  if (source.inline) return source.inline;
  if (source.file) return readCached(source.file);
  return devDir && devFile ? readCached(join(devDir, devFile)) : undefined;
}
