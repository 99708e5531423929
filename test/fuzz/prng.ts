/**
 * A small seeded PRNG (mulberry32) so a fuzz run is reproducible: the same seed picks the same
 * hostile values for the same positions.
 */

/** Deterministic random choices from one 32-bit seed. */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** `count` distinct items of `items` (all of them when there are fewer), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }
}

/** The seed `value` names (FUZZ_SEED), else `fallback`. */
export function fuzzSeed(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback >>> 0;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`FUZZ_SEED must be an integer, got ${value}`);
  return parsed >>> 0;
}
