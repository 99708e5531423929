import { describe, expect, it } from 'vitest';
import { findUnsafeText, unsafeTextReason } from './unsafe-text.js';

describe('unsafe text', () => {
  it('refuses NUL and unpaired surrogates, accepts any other text', () => {
    expect(unsafeTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unsafeTextReason('a\ud800b')).toMatch(/surrogate/);
    expect(unsafeTextReason('\udc00')).toMatch(/surrogate/);
    for (const ok of ['', 'さくら', '🌸', 'שלום', 'e\u0301', '\u200b', '\u0001'])
      expect(unsafeTextReason(ok)).toBeUndefined();
  });

  it('names each failing string by its path', () => {
    const errors = findUnsafeText({ q: 'ok', input: { email: 'a\u0000', tags: ['x', '\ud800'] } });
    expect(errors).toEqual([
      { path: 'input.email', message: expect.stringMatching(/NUL/) },
      { path: 'input.tags[1]', message: expect.stringMatching(/surrogate/) },
    ]);
    expect(findUnsafeText('\u0000')).toEqual([{ path: 'body', message: expect.any(String) }]);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(1);
  });
});
