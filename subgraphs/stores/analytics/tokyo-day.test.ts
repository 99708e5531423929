import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, parseDay, tokyoDay, tokyoDayBounds } from './tokyo-day.js';

describe('Tokyo days', () => {
  it('place 23:30 and 00:30 JST on two days, whatever the UTC date says', () => {
    expect(tokyoDay(new Date('2026-03-10T23:30:00+09:00'))).toBe('2026-03-10');
    expect(tokyoDay(new Date('2026-03-11T00:30:00+09:00'))).toBe('2026-03-11');
    expect(tokyoDay(new Date('2026-03-10T14:59:59.999Z'))).toBe('2026-03-10');
    expect(tokyoDay(new Date('2026-03-10T15:00:00.000Z'))).toBe('2026-03-11');
  });

  it('bound a day by its own midnights, end excluded', () => {
    expect(tokyoDayBounds('2026-01-01')).toEqual({
      start: new Date('2025-12-31T15:00:00.000Z'),
      end: new Date('2026-01-01T15:00:00.000Z'),
    });
  });

  it('read only real calendar dates, and count and move days', () => {
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2028-02-29')).not.toBeNull();
    expect(parseDay('2026-1-01')).toBeNull();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
  });
});
