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

  it('rejects what is not a UUID', () => {
    expect(isUuid('x'.repeat(36))).toBe(false);
    expect(isUuid(`${uuidv7()}0`)).toBe(false);
  });
});
