import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, japanMonthBounds } from './consumer.service.js';

describe('japanMonthBounds', () => {
  it('starts and ends a month at midnight in Japan (15:00 UTC the day before)', () => {
    expect(japanMonthBounds({ year: 2026, month: 12 })).toEqual({
      from: new Date('2026-11-30T15:00:00Z'),
      to: new Date('2026-12-31T15:00:00Z'),
    });
    expect(japanMonthBounds({ year: 2028, month: 2 })).toEqual({
      from: new Date('2028-01-31T15:00:00Z'),
      to: new Date('2028-02-29T15:00:00Z'),
    });
  });
});

describe('receipt cursors', () => {
  const cursor = { claimedAt: '2026-11-23T10:00:00.123Z', id: '01900000-0000-7000-8003-000000000001' };

  it('round-trip and are URL-safe', () => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64 JSON', 'nope!'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url')],
    ['a bad id', Buffer.from('["2026-11-23T10:00:00Z","x"]').toString('base64url')],
    ['a bad time', Buffer.from(`["yesterday","${cursor.id}"]`).toString('base64url')],
    ['three members', Buffer.from(`["2026-11-23T10:00:00Z","${cursor.id}",1]`).toString('base64url')],
  ])('refuse %s', (_label, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
