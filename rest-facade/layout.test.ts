/**
 * The facade's layout rule (table.ts): areas never import upward. A file of `kernel/` imports nothing
 * of the facade outside `kernel/`; a file of an area imports only `kernel/` and its own folder (never
 * the table, `index.ts` or another area). Read from the TypeScript sources, so type-only imports count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from './table.js';

// This file runs from dist/rest-facade/; the sources sit at the same depth under the repository root.
const FACADE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../rest-facade');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The facade folders (relative to rest-facade/, '' for the root) that `file` imports from. */
function importedFolders(file: string): string[] {
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)];
  return specifiers
    .map((match) => path.relative(FACADE, path.resolve(path.dirname(file), match[1] ?? '')))
    .filter((target) => !target.startsWith('..'))
    .map((target) => (target.includes(path.sep) ? target.split(path.sep)[0]! : ''));
}

/** Violations of the rule in one top-level folder: `file -> folder` for each import it may not make. */
function violations(folder: string, allowed: readonly string[]): string[] {
  return sourceFiles(path.join(FACADE, folder)).flatMap((file) =>
    importedFolders(file)
      .filter((target) => !allowed.includes(target))
      .map((target) => `${path.relative(FACADE, file)} -> ${target || '(rest-facade root)'}`),
  );
}

describe('rest-facade layout', () => {
  it('has every area folder listed in the table', () => {
    const folders = readdirSync(FACADE, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'kernel')
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(AREAS.map((area) => area.name).sort());
  });

  it('keeps kernel/ free of imports from the areas, the table and the entry point', () => {
    expect(violations('kernel', ['kernel'])).toEqual([]);
  });

  it('lets an area import only kernel/ and its own folder', () => {
    for (const area of AREAS) expect(violations(area.name, ['kernel', area.name])).toEqual([]);
  });

  it('sees an upward import when there is one', () => {
    // The rule is only as good as its import reader: the table itself imports every area.
    expect(importedFolders(path.join(FACADE, 'table.ts'))).toEqual(
      expect.arrayContaining(['kernel', ...AREAS.map((area) => area.name)]),
    );
  });
});
