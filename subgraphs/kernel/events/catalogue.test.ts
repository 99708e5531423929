import { describe, expect, it } from 'vitest';
import { EVENT_TYPE_NAMES, EVENT_TYPES, isEventType } from './catalogue.js';

describe('event catalogue', () => {
  it('lists the sixteen types of the design, each described', () => {
    expect(EVENT_TYPE_NAMES).toHaveLength(16);
    for (const type of EVENT_TYPE_NAMES) {
      expect(type).toMatch(/^[a-z]+\.[a-z]+$/);
      expect(EVENT_TYPES[type].length).toBeGreaterThan(10);
    }
  });

  it('recognises catalogue types only', () => {
    expect(isEventType('purchase.completed')).toBe(true);
    expect(isEventType('webhook.test')).toBe(true);
    expect(isEventType('purchase.refunded')).toBe(false);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType(42)).toBe(false);
  });
});
