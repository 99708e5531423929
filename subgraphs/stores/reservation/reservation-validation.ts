/** Field checks of resources and reservations: each bad field is named, nothing is stored. */
import { isUuid } from '../../kernel/db/uuid.js';
import type { Validation } from '../../kernel/errors.js';
import { RESOURCE_LIMITS } from './reservation-resource.entity.js';
import { RESERVATION_LIMITS } from './reservation.entity.js';

/** How far ahead reservations and slots reach: a year and a day. */
export const BOOKING_HORIZON_DAYS = 366;
const MS_PER_DAY = 86_400_000;
const PHONE = /^\+?[0-9][0-9 -]{5,30}$/;
// Deliberately loose: one @, no spaces, a dot in the domain (the guest's own address, not verified).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const between = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isInteger(value) && value >= min && value <= max;

/** The resource fields present in `fields` (absent ones are not checked). */
export function checkResourceFields(
  v: Validation,
  fields: {
    name?: string | null;
    capacity?: number | null;
    slotMinutes?: number | null;
    bufferMinutes?: number | null;
  },
): void {
  const { capacity, slotMinutes, bufferMinutes } = RESOURCE_LIMITS;
  if (fields.name !== undefined) {
    const name = fields.name?.trim() ?? '';
    v.check(name.length >= 1 && name.length <= RESOURCE_LIMITS.nameMax, 'name', 'must be 1 to 100 characters');
  }
  if (fields.capacity !== undefined)
    v.check(between(fields.capacity ?? 0, capacity), 'capacity', 'must be an integer from 1 to 100');
  if (fields.slotMinutes !== undefined)
    v.check(between(fields.slotMinutes ?? 0, slotMinutes), 'slotMinutes', 'must be an integer from 5 to 480');
  if (fields.bufferMinutes !== undefined && fields.bufferMinutes !== null)
    v.check(between(fields.bufferMinutes, bufferMinutes), 'bufferMinutes', 'must be an integer from 0 to 240');
}

/** The guest fields of a new reservation, trimmed (empty optional text becomes null). */
export function checkGuest(
  v: Validation,
  input: {
    guestName: string;
    guestPhone?: string | null;
    guestEmail?: string | null;
    note?: string | null;
    customerId?: string | null;
  },
) {
  const guestName = input.guestName.trim();
  const guestPhone = input.guestPhone?.trim() || null;
  const guestEmail = input.guestEmail?.trim() || null;
  const note = input.note?.trim() || null;
  const { guestNameMax, guestPhoneMax, guestEmailMax, noteMax } = RESERVATION_LIMITS;
  v.check(guestName.length >= 1 && guestName.length <= guestNameMax, 'guestName', 'must be 1 to 100 characters');
  v.check(
    guestPhone === null || (guestPhone.length <= guestPhoneMax && PHONE.test(guestPhone)),
    'guestPhone',
    'must be a phone number: digits, spaces and hyphens, an optional leading +, at most 32 characters',
  );
  v.check(
    guestEmail === null || (guestEmail.length <= guestEmailMax && EMAIL.test(guestEmail)),
    'guestEmail',
    'must be an email address of at most 254 characters',
  );
  v.check((note ?? '').length <= noteMax, 'note', 'must be at most 1000 characters');
  v.check(input.customerId == null || isUuid(input.customerId), 'customerId', 'must be a UUID');
  return { guestName, guestPhone, guestEmail, note, customerId: input.customerId ?? null };
}

/** A party size for a resource of `capacity`. */
export function checkPartySize(v: Validation, partySize: number, capacity: number): void {
  v.check(
    Number.isInteger(partySize) && partySize >= 1 && partySize <= capacity,
    'partySize',
    `must be an integer from 1 to the resource's capacity (${capacity})`,
  );
}

/**
 * A range in the booking window: it has not ended at `now`, starts within the horizon and ends after
 * it starts. Returns whether it is (the errors are added to `v`).
 */
export function checkWindow(v: Validation, startsAt: Date, endsAt: Date, now: Date): boolean {
  const inHorizon = startsAt.getTime() <= now.getTime() + BOOKING_HORIZON_DAYS * MS_PER_DAY;
  v.check(inHorizon, 'startsAt', `must be at most ${BOOKING_HORIZON_DAYS} days ahead`);
  v.check(endsAt > startsAt, 'endsAt', 'must be after startsAt');
  v.check(endsAt > now, 'endsAt', 'must not be in the past');
  return inHorizon && endsAt > startsAt && endsAt > now;
}
