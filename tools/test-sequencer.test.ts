/**
 * The order of `npm test`'s files (tools/test-sequencer.mjs): every file once, the heavy ones first,
 * each part shuffled by the seed alone (the same seed, the same order, whatever order the files came in).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Sequencer {
  readonly orderTestFiles: (ids: readonly string[], seed: number, heavy?: readonly string[]) => string[];
}
// Plain JavaScript beside the sources (vitest's config loads it before anything is built).
const MODULE = fileURLToPath(new URL('../../tools/test-sequencer.mjs', import.meta.url));
const load = () => import(MODULE) as Promise<Sequencer>;

const files = Array.from({ length: 40 }, (_, i) => `/repo/dist/area${i % 5}/file${i}.test.js`);
const heavy = ['area1/file6.test.js', 'area3/file13.test.js', 'area0/file35.test.js'];

describe('the test file order', () => {
  it('keeps every file once and starts with the heavy ones', async () => {
    const { orderTestFiles } = await load();
    const order = orderTestFiles(files, 42, heavy);
    expect([...order].sort()).toEqual([...files].sort());
    expect(
      order
        .slice(0, 3)
        .map((id) => id.replace('/repo/dist/', ''))
        .sort(),
    ).toEqual([...heavy].sort());
  });

  it('depends on the seed alone: the same seed gives the same order, another seed another', async () => {
    const { orderTestFiles } = await load();
    const once = orderTestFiles(files, 7, heavy);
    expect(orderTestFiles([...files].reverse(), 7, heavy)).toEqual(once);
    expect(orderTestFiles(files, 8, heavy)).not.toEqual(once);
    // Shuffled, not sorted.
    expect(once.slice(3)).not.toEqual(files.filter((id) => !heavy.some((h) => id.endsWith(h))));
  });
});
