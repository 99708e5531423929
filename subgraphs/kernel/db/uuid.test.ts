import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7 } from './uuid.js';

describe('uuidv7', () => {
  it('has the version 7 and RFC 9562 variant bits', () => {
    const id = uuidv7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
  });

  it('sorts by creation time', () => {
    const earlier = uuidv7(1_700_000_000_000);
    const later = uuidv7(1_700_000_000_001);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('018bcfe5-6800');
  });

  it('sorts in the order made within one process, also within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    const millis = new Set(ids.map((id) => id.slice(0, 13)));
    expect(millis.size).toBeLessThan(ids.length); // many share a millisecond
    expect(ids.every((id, i) => i === 0 || ids[i - 1]! < id)).toBe(true);
    for (const id of ids.slice(0, 100)) {
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
    // Not disturbed by an id for an explicit later time.
    const around = [uuidv7(), uuidv7(Date.now() + 60_000), uuidv7()];
    expect(around[0]! < around[2]!).toBe(true);
  });

  it('keeps an explicit earlier timestamp', () => {
    uuidv7(1_900_000_000_000);
    expect(uuidv7(1_700_000_000_000).slice(0, 13)).toBe('018bcfe5-6800');
  });

  it('rejects what is not a UUID', () => {
    expect(isUuid('x'.repeat(36))).toBe(false);
    expect(isUuid(`${uuidv7()}0`)).toBe(false);
  });
});
