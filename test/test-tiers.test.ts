/**
 * Test files are named by what they need, so `npm run test:unit` runs without a database or a
 * service: `*.test.ts` (unit: neither), `*.int.test.ts` (a real database, no service) and
 * `*.e2e.test.ts` (the service, called over HTTP). A file importing a fixture of a heavier tier than
 * its name says fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** dist(-x)/test/ → the repository root. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_ROOTS = ['subgraphs', 'gateway', 'rest-facade', 'schema', 'test', 'tools'];

/** Fixtures that open a database (int and e2e only) and ones that start the service (e2e only). */
const DATABASE_FIXTURES = /\/fixtures\/(database|service-database)\.js'/;
const SERVICE_FIXTURES =
  /\/(harness|ops-runner|fixtures\/oauth\.fixtures)\.js'|child-services\.js'|gateway\/all-in-one\.js'/;

type Tier = 'unit' | 'int' | 'e2e';

function testFiles(): { path: string; tier: Tier }[] {
  return SOURCE_ROOTS.flatMap((root) =>
    readdirSync(join(ROOT, root), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => {
        const path = join(root, file);
        const tier: Tier = file.endsWith('.e2e.test.ts') ? 'e2e' : file.endsWith('.int.test.ts') ? 'int' : 'unit';
        return { path, tier };
      }),
  );
}

/** The heaviest tier a file's imports need. */
function neededTier(source: string): Tier {
  const imports = source.split('\n').filter((line) => /^\s*(import|\} from|export .* from)/.test(line));
  const text = imports.join('\n');
  if (SERVICE_FIXTURES.test(text)) return 'e2e';
  if (DATABASE_FIXTURES.test(text)) return 'int';
  return 'unit';
}

const RANK: Record<Tier, number> = { unit: 0, int: 1, e2e: 2 };

describe('test tiers', () => {
  it('reads a file’s tier from the fixtures it imports', () => {
    expect(neededTier(`import { startTestService } from '../../test/harness.js';`)).toBe('e2e');
    expect(neededTier(`} from '../../../test/fixtures/oauth.fixtures.js';`)).toBe('e2e');
    expect(neededTier(`import { createTestDatabase } from './fixtures/database.js';`)).toBe('int');
    expect(neededTier(`import { openServiceDatabase } from '../fixtures/service-database.js';`)).toBe('int');
    expect(neededTier(`import { pageRequest } from './paging.js';`)).toBe('unit');
  });

  it('finds the test files of every tier', () => {
    const tiers = new Set(testFiles().map((f) => f.tier));
    expect([...tiers].sort()).toEqual(['e2e', 'int', 'unit']);
  });

  it('names every test file by the heaviest tier its fixtures need', () => {
    const misnamed = testFiles()
      .map(({ path, tier }) => ({ path, tier, needs: neededTier(readFileSync(join(ROOT, path), 'utf8')) }))
      .filter(({ tier, needs }) => RANK[needs] > RANK[tier])
      .map(({ path, needs }) => `${path} needs ${needs}`);
    expect(misnamed).toEqual([]);
  });
});
