import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { collectGarbage } from './full-gc.js';

describe('collectGarbage', () => {
  it('frees unreachable memory at once, and leaves no gc in this or a later context', () => {
    let garbage: number[][] | undefined = Array.from({ length: 200 }, () =>
      Array.from({ length: 10_000 }, (_, i) => i),
    );
    const held = process.memoryUsage().heapUsed;
    expect(garbage).toHaveLength(200);
    garbage = undefined;
    collectGarbage();
    // 200 × 10,000 numbers is well over 10 MB of heap; the collection returns nearly all of it.
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(10 * 1024 * 1024);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
