/**
 * vitest global setup: fails the run when tests wrote into the working tree's data directory
 * (`.data/`, where `npm start` keeps the embedded database, the operator token and the secrets key).
 * Tests keep such files in temporary directories or pass explicit keys.
 */
import { readdirSync } from 'node:fs';

const DATA = '.data';

function dataFiles(): string[] {
  try {
    return readdirSync(DATA, { recursive: true }).map(String);
  } catch {
    return [];
  }
}

let before = new Set<string>();

export function setup(): void {
  before = new Set(dataFiles());
}

export function teardown(): void {
  const added = dataFiles().filter((file) => !before.has(file));
  if (added.length > 0) {
    throw new Error(`tests wrote into the working tree: ${added.map((f) => `${DATA}/${f}`).join(', ')}`);
  }
}
