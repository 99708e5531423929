/** JSON Schemas of the business-info row (merged into `components.schemas` by the table). */
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const time = (description: string): JsonSchema => ({
  type: 'string',
  pattern: '^([01][0-9]|2[0-4]):[0-5][0-9]$',
  description,
});

export const BUSINESS_INFO_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  BusinessHoursInterval: {
    type: 'object',
    description:
      'An opening interval in store-local time. `closes` at or before `opens` runs past midnight into the next day (18:00 to 02:00); 00:00 to 24:00 is the whole day.',
    required: ['opens', 'closes'],
    properties: {
      opens: time('Opening time, HH:MM (00:00 to 23:59).'),
      closes: time('Closing time, HH:MM (00:00 to 24:00).'),
    },
  },
  WeekdayBusinessHours: {
    type: 'object',
    required: ['weekday', 'intervals'],
    properties: {
      weekday: {
        type: 'integer',
        format: 'int32',
        minimum: 1,
        maximum: 7,
        description: 'ISO weekday: 1 = Monday .. 7 = Sunday.',
      },
      intervals: {
        type: 'array',
        maxItems: 4,
        items: ref('BusinessHoursInterval'),
        description: 'Sorted by opening time; empty when closed that weekday.',
      },
    },
  },
  BusinessSpecialDay: {
    type: 'object',
    description: "A store-local date whose hours replace its weekday's regular hours.",
    required: ['date', 'closed', 'intervals', 'note'],
    properties: {
      date: { type: 'string', format: 'date', description: 'Store-local date, YYYY-MM-DD.' },
      closed: { type: 'boolean', description: 'Closed all day (then `intervals` is empty).' },
      intervals: { type: 'array', maxItems: 4, items: ref('BusinessHoursInterval') },
      note: { type: ['string', 'null'], maxLength: 100, description: 'Why, e.g. 年末年始.' },
    },
  },
  BusinessInfoResponse: {
    type: 'object',
    required: ['storeId', 'timeZone', 'regularHours', 'specialDays', 'openNow', 'nextChange', 'asOf'],
    properties: {
      storeId: { type: 'string', format: 'uuid', description: 'The store the hours are of.' },
      timeZone: { type: 'string', description: 'IANA time zone of every time here (Asia/Tokyo by default).' },
      regularHours: {
        type: 'array',
        minItems: 7,
        maxItems: 7,
        items: ref('WeekdayBusinessHours'),
        description: 'All seven weekdays, Monday first.',
      },
      specialDays: {
        type: 'array',
        maxItems: 366,
        items: ref('BusinessSpecialDay'),
        description: 'Special days from today (store-local) for specialDaysAhead days, by date.',
      },
      openNow: { type: 'boolean', description: 'Open at `asOf`, in the store’s time zone.' },
      nextChange: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'The next instant the store opens or closes (UTC), within 8 days; null when none is that near.',
      },
      asOf: { type: 'string', format: 'date-time', description: 'The instant the answer was computed for (UTC).' },
    },
  },
};
