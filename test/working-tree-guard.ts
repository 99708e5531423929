/**
 * vitest global setup: fails the run when tests wrote into the working tree's data directory
 * (`.data/`, where `npm start` keeps the embedded database, the operator token and the secrets key),
 * or left temporary files behind. Tests keep such files in temporary directories or pass explicit
 * keys; the run gets a temporary directory of its own (TMPDIR, which the test workers inherit), so
 * what is left in it at the end was left by this run's tests, whatever else runs on the machine.
 * Files the run's fixtures share on purpose (the migrated embedded database's dump) live in a second
 * directory, TEST_CACHE_DIR, removed at the end.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DATA = '.data';

function dataFiles(): string[] {
  try {
    return readdirSync(DATA, { recursive: true }).map(String);
  } catch {
    return [];
  }
}

let before = new Set<string>();
let runTmp: string | undefined;
let outerTmp: string | undefined;
let cacheDir: string | undefined;

export function setup(): void {
  before = new Set(dataFiles());
  outerTmp = process.env.TMPDIR;
  runTmp = mkdtempSync(join(tmpdir(), 'vitest-run-'));
  cacheDir = mkdtempSync(join(tmpdir(), 'vitest-cache-'));
  process.env.TMPDIR = runTmp;
  process.env.TEST_CACHE_DIR = cacheDir;
}

export function teardown(): void {
  const added = dataFiles().filter((file) => !before.has(file));
  const leftovers = runTmp ? readdirSync(runTmp) : [];
  if (outerTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outerTmp;
  delete process.env.TEST_CACHE_DIR;
  if (runTmp) rmSync(runTmp, { recursive: true, force: true });
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  if (added.length > 0) {
    throw new Error(`tests wrote into the working tree: ${added.map((f) => `${DATA}/${f}`).join(', ')}`);
  }
  if (leftovers.length > 0) {
    throw new Error(`tests left temporary files behind: ${leftovers.join(', ')} (in the run's TMPDIR)`);
  }
}
