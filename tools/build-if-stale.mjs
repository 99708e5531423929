#!/usr/bin/env node
// `npm start` builds only (`--force`: always) when a source file is newer than the last build, so a warm start is fast.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const ROOTS = [
  'subgraphs',
  'gateway',
  'rest-facade',
  'processes',
  'schema',
  'test',
  'tools',
  'tsconfig.json',
  'package.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const force = process.argv.includes('--force');
// A forced build starts from an empty dist/, so no output of a deleted source lingers (or runs as a test).
if (force) rmSync('dist', { recursive: true, force: true });
if (force || !existsSync(STAMP) || Math.max(...ROOTS.map(newest)) > statSync(STAMP).mtimeMs) {
  // A cold build takes a while (tsc over the whole tree): say so, on stderr so stdout stays the command's.
  const why = force ? '' : existsSync(STAMP) ? ', sources changed since the last build' : ', first build';
  process.stderr.write(`Compiling TypeScript to dist/ with tsc${why} (this can take a minute)...\n`);
  const started = Date.now();
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
  process.stderr.write(`Compiled in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
