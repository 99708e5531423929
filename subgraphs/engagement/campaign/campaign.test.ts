/** When a campaign accepts answers: switched on, from startsAt (inclusive) to endsAt (exclusive). */
import { describe, expect, it } from 'vitest';
import { campaignWindow } from './campaign.entity.js';

const at = (iso: string) => new Date(iso);
const START = at('2026-12-01T00:00:00Z');
const END = at('2026-12-08T00:00:00Z');

describe('campaignWindow', () => {
  it('is open without limits, and inside the window from its start to just before its end', () => {
    expect(campaignWindow({ isActive: true }, at('2030-01-01T00:00:00Z'))).toBe('open');
    expect(campaignWindow({ isActive: true, startsAt: START, endsAt: END }, START)).toBe('open');
    expect(campaignWindow({ isActive: true, startsAt: START, endsAt: END }, at('2026-12-07T23:59:59.999Z'))).toBe(
      'open',
    );
  });

  it('is not_started before its start and ended from its end on', () => {
    expect(campaignWindow({ isActive: true, startsAt: START }, at('2026-11-30T23:59:59.999Z'))).toBe('not_started');
    expect(campaignWindow({ isActive: true, endsAt: END }, END)).toBe('ended');
    expect(campaignWindow({ isActive: true, startsAt: START, endsAt: END }, at('2027-01-01T00:00:00Z'))).toBe('ended');
  });

  it('is inactive when switched off, whatever the window', () => {
    expect(campaignWindow({ isActive: false }, START)).toBe('inactive');
    expect(campaignWindow({ isActive: false, startsAt: START, endsAt: END }, at('2026-11-01T00:00:00Z'))).toBe(
      'inactive',
    );
  });
});
