import { describe, expect, it } from 'vitest';
import { IntendedChangesError, parseIntendedChanges } from './intended-changes.js';
import { unifiedDiff } from './text-diff.js';

describe('parseIntendedChanges', () => {
  it('reads entries with and without an until day', () => {
    const json = JSON.stringify({
      intended: [
        { path: 'Query.legacyStores', reason: 'replaced by publicStores', until: '2025-12-31' },
        { path: 'Store.kana', reason: 'no clients' },
      ],
    });
    expect(parseIntendedChanges(json).intended).toEqual([
      { path: 'Query.legacyStores', reason: 'replaced by publicStores', until: '2025-12-31' },
      { path: 'Store.kana', reason: 'no clients' },
    ]);
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['no intended array', '{}', /"intended" array/],
    ['an entry without a path', '{"intended":[{"reason":"x"}]}', /intended\[0\]\.path/],
    ['an entry without a reason', '{"intended":[{"path":"Query.a"}]}', /intended\[0\]\.reason/],
    [
      'a bad until day',
      '{"intended":[{"path":"Query.a","reason":"x","until":"next week"}]}',
      /until must be a YYYY-MM-DD/,
    ],
  ])('rejects %s with a message naming the problem', (_case, json, message) => {
    expect(() => parseIntendedChanges(json)).toThrow(IntendedChangesError);
    expect(() => parseIntendedChanges(json)).toThrow(message);
  });
});

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n')).toBe('');
  });

  it('shows the changed lines with context and line numbers', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8'].join('\n');
    const after = ['1', '2', '3', '4', 'five', '6', '7', '8'].join('\n');
    expect(unifiedDiff(before, after, { context: 1 }).split('\n')).toEqual([
      '--- committed',
      '+++ generated',
      '@@ -4,3 +4,3 @@',
      ' 4',
      '-5',
      '+five',
      ' 6',
    ]);
  });

  it('summarises a diff longer than maxLines', () => {
    const before = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const after = Array.from({ length: 100 }, (_, i) => `row ${i}`).join('\n');
    const lines = unifiedDiff(before, after, { maxLines: 10 }).split('\n');
    expect(lines).toHaveLength(2 + 10 + 1);
    expect(lines.at(-1)).toMatch(/^… \d+ more diff lines$/);
  });
});
