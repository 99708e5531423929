/** Operator commands of store business hours. */
import { CommandFailure, on, text, type Flags, type OpsCommand } from './command.js';

function weekday(value: string | undefined): number {
  const parsed = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(parsed))
    throw new CommandFailure(400, 'validation_failed', '--weekday must be an integer, 1 (Monday) to 7 (Sunday).');
  return parsed;
}

/** `--open`/`--close` as one interval (the service checks the times). */
function interval(flags: Flags): { opens: string; closes: string } {
  return { opens: text(flags, 'open') ?? '', closes: text(flags, 'close') ?? '' };
}

const storeIdOf = (data: Record<string, unknown>, field: string) => ({
  storeId: (data[field] as { storeId: string }).storeId,
});

export const BUSINESS_HOURS_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'hours:set',
    summary:
      "Set a store's regular hours of one weekday (1 = Monday .. 7 = Sunday) to one interval, store-local HH:MM; a closing time at or before the opening runs past midnight.",
    flags: {
      store: { value: 'ID', required: true },
      weekday: { value: '1..7', required: true },
      open: { value: 'HH:MM', required: true },
      close: { value: 'HH:MM', required: true },
    },
    operationName: 'OpsSetStoreWeeklyHours',
    document: `mutation OpsSetStoreWeeklyHours($storeId: ID!, $weekday: Int!, $intervals: [BusinessHoursIntervalInput!]!) {
  setStoreWeeklyHours(storeId: $storeId, weekday: $weekday, intervals: $intervals) { storeId }
}`,
    variables: (flags) => ({
      storeId: text(flags, 'store'),
      weekday: weekday(text(flags, 'weekday')),
      intervals: [interval(flags)],
    }),
    result: (data) => storeIdOf(data, 'setStoreWeeklyHours'),
  },
  {
    name: 'special-day:add',
    summary:
      'Set a special day of a store (a store-local date): --closed, or its own hours --open HH:MM --close HH:MM. Replaces one set before for that date.',
    flags: {
      store: { value: 'ID', required: true },
      date: { value: 'YYYY-MM-DD', required: true },
      closed: { boolean: true },
      open: { value: 'HH:MM' },
      close: { value: 'HH:MM' },
      note: { value: 'N' },
    },
    operationName: 'OpsSetStoreSpecialDay',
    document: `mutation OpsSetStoreSpecialDay($storeId: ID!, $date: String!, $closed: Boolean!, $intervals: [BusinessHoursIntervalInput!], $note: String) {
  setStoreSpecialDay(storeId: $storeId, date: $date, closed: $closed, intervals: $intervals, note: $note) { storeId }
}`,
    variables: (flags) => {
      const closed = on(flags, 'closed');
      const hours = text(flags, 'open') !== undefined || text(flags, 'close') !== undefined;
      if (closed === hours || (hours && (text(flags, 'open') === undefined || text(flags, 'close') === undefined)))
        throw new CommandFailure(
          400,
          'validation_failed',
          'Give either --closed or both --open HH:MM and --close HH:MM.',
        );
      return {
        storeId: text(flags, 'store'),
        date: text(flags, 'date'),
        closed,
        intervals: closed ? [] : [interval(flags)],
        ...(text(flags, 'note') !== undefined ? { note: text(flags, 'note') } : {}),
      };
    },
    result: (data) => storeIdOf(data, 'setStoreSpecialDay'),
  },
];
