// The order `npm test` runs its files in: shuffled by the run's seed (so no file leans on another having
// run first; TEST_SEED repeats an order), except that the few files that take minutes start first. A
// run ends when its last file does: a four-minute file drawn near the end of a shuffled order kept one
// worker busy for minutes after the others had finished (CI's wall time varied by 5 minutes with the
// seed). The heavy files are themselves shuffled among each other.
import { BaseSequencer } from 'vitest/node';

/** Files (path suffixes of the compiled tests) that take far longer than the rest, longest first. */
export const HEAVY_TEST_FILES = [
  'tools/bench.e2e.test.js',
  'test/fuzz.e2e.test.js',
  'test/topology.e2e.test.js',
  'test/graceful-shutdown.e2e.test.js',
  'test/fixtures/embedded-seed.test.js',
  'test/production-demo-credentials.e2e.test.js',
  'schema/commands.test.js',
  'gateway/rate-limit.e2e.test.js',
];

/** A deterministic pseudo-random generator (mulberry32) from `seed`. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in an order decided by `seed` alone (Fisher–Yates). */
export function seededShuffle(items, seed) {
  const next = random(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The order of `moduleIds` for `seed`: heavy files first, each part shuffled. */
export function orderTestFiles(moduleIds, seed, heavy = HEAVY_TEST_FILES) {
  const sorted = [...moduleIds].sort();
  const isHeavy = (id) => heavy.some((suffix) => id.endsWith(`/${suffix}`));
  return [
    ...seededShuffle(
      sorted.filter((id) => isHeavy(id)),
      seed,
    ),
    ...seededShuffle(
      sorted.filter((id) => !isHeavy(id)),
      seed,
    ),
  ];
}

export class HeavyFirstShuffledSequencer extends BaseSequencer {
  async sort(files) {
    const order = orderTestFiles(
      files.map((file) => file.moduleId),
      this.ctx.config.sequence.seed,
    );
    const rank = new Map(order.map((id, index) => [id, index]));
    return [...files].sort((a, b) => rank.get(a.moduleId) - rank.get(b.moduleId));
  }
}
