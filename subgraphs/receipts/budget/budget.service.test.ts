import { describe, expect, it } from 'vitest';
import { calendarMonthAt } from './budget.service.js';

describe('calendarMonthAt', () => {
  it('is the month in Japan, which starts nine hours before UTC’s', () => {
    expect(calendarMonthAt(new Date('2026-11-30T14:59:59Z'))).toEqual({ year: 2026, month: 11 });
    expect(calendarMonthAt(new Date('2026-11-30T15:00:00Z'))).toEqual({ year: 2026, month: 12 });
    expect(calendarMonthAt(new Date('2026-12-31T15:00:00Z'))).toEqual({ year: 2027, month: 1 });
  });

  it('takes another time zone', () => {
    expect(calendarMonthAt(new Date('2026-12-01T03:00:00Z'), 'America/Los_Angeles')).toEqual({ year: 2026, month: 11 });
  });
});
