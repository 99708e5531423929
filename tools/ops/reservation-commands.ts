/** Operator commands of reservations (issue 14): bookable resources and reservations of a store. */
import { CommandFailure, text, type Flags, type OpsCommand } from './command.js';

function integer(flags: Flags, flag: string): number {
  const value = text(flags, flag);
  const parsed = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(parsed))
    throw new CommandFailure(400, 'validation_failed', `--${flag} must be an integer.`);
  return parsed;
}

/** `{ field: flag value }` for each optional text flag given. */
function optional(flags: Flags, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([field, flag]) => {
      const value = text(flags, flag);
      return value === undefined ? [] : [[field, value]];
    }),
  );
}

export const RESERVATION_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'reservation-resource:create',
    summary:
      'Create a bookable resource of a store (kind seat, table, room or other; capacity 1 to 100; slots of 5 to 480 minutes, optionally a buffer after each).',
    flags: {
      store: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      kind: { value: 'seat|table|room|other', required: true },
      capacity: { value: 'N', required: true },
      'slot-minutes': { value: 'N', required: true },
      'buffer-minutes': { value: 'N' },
    },
    operationName: 'OpsCreateReservationResource',
    document:
      'mutation OpsCreateReservationResource($input: CreateReservationResourceInput!) { createReservationResource(input: $input) { id storeId } }',
    variables: (flags) => ({
      input: {
        storeId: text(flags, 'store'),
        name: text(flags, 'name'),
        kind: text(flags, 'kind'),
        capacity: integer(flags, 'capacity'),
        slotMinutes: integer(flags, 'slot-minutes'),
        ...(text(flags, 'buffer-minutes') !== undefined ? { bufferMinutes: integer(flags, 'buffer-minutes') } : {}),
      },
    }),
    result: (data) => {
      const created = data.createReservationResource as { id: string; storeId: string };
      return { storeId: created.storeId, resourceId: created.id };
    },
  },
  {
    name: 'reservation:create',
    summary:
      'Book a resource from --starts (the start of one of its slots, ISO 8601) to --ends (default: one slot); a time already held is refused (409 slot_taken).',
    flags: {
      resource: { value: 'ID', required: true },
      starts: { value: 'ISO', required: true },
      ends: { value: 'ISO' },
      party: { value: 'N', required: true },
      'guest-name': { value: 'N', required: true },
      phone: { value: 'P' },
      email: { value: 'E' },
      note: { value: 'T' },
    },
    operationName: 'OpsCreateReservation',
    document:
      'mutation OpsCreateReservation($input: CreateReservationInput!) { createReservation(input: $input) { id startsAt endsAt status } }',
    variables: (flags) => ({
      input: {
        resourceId: text(flags, 'resource'),
        startsAt: text(flags, 'starts'),
        partySize: integer(flags, 'party'),
        guestName: text(flags, 'guest-name'),
        ...optional(flags, { endsAt: 'ends', guestPhone: 'phone', guestEmail: 'email', note: 'note' }),
      },
    }),
    result: (data) => {
      const created = data.createReservation as { id: string; startsAt: string; endsAt: string; status: string };
      return { reservationId: created.id, startsAt: created.startsAt, endsAt: created.endsAt, status: created.status };
    },
  },
];
