/**
 * A reservation's statuses and the transitions between them. booked, confirmed and seated hold the
 * resource's time (the exclusion constraint of migration 0036 counts only these); completed,
 * cancelled and no_show are final and free it.
 */
import { registerEnumType } from 'type-graphql';
import { ConflictError } from '../../kernel/errors.js';

/** Where a reservation is in its life. */
export enum ReservationStatus {
  booked = 'booked',
  confirmed = 'confirmed',
  seated = 'seated',
  completed = 'completed',
  cancelled = 'cancelled',
  no_show = 'no_show',
}
registerEnumType(ReservationStatus, {
  name: 'ReservationStatus',
  description:
    'booked (made), confirmed (confirmed with the guest), seated (the party has arrived), completed, ' +
    'cancelled or no_show (the party did not come). The first three hold the time; the last three are final.',
});

/** The statuses that hold the resource's time (the exclusion constraint's `where`). */
export const HOLDING_STATUSES: readonly ReservationStatus[] = [
  ReservationStatus.booked,
  ReservationStatus.confirmed,
  ReservationStatus.seated,
];

/** The statuses a reservation may go to from each status. */
export const RESERVATION_TRANSITIONS: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  booked: [
    ReservationStatus.confirmed,
    ReservationStatus.seated,
    ReservationStatus.cancelled,
    ReservationStatus.no_show,
  ],
  confirmed: [ReservationStatus.seated, ReservationStatus.cancelled, ReservationStatus.no_show],
  seated: [ReservationStatus.completed],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** Whether a reservation in `status` may still be moved or resized (before the party arrives). */
export const isChangeable = (status: ReservationStatus): boolean =>
  status === ReservationStatus.booked || status === ReservationStatus.confirmed;

/**
 * Checks `from -> to`: staying in the same status is allowed (nothing changes); a transition not in
 * the table is CONFLICT invalid_transition.
 */
export function checkTransition(from: ReservationStatus, to: ReservationStatus): void {
  if (from === to || RESERVATION_TRANSITIONS[from].includes(to)) return;
  throw new ConflictError(`A ${from} reservation cannot become ${to}.`, 'invalid_transition');
}
