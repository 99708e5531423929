import type { BaseContext } from '../../kernel/context.js';
import { connectionOf, pageArgs, type Connection } from '../../kernel/connection.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { retryingDeadlocks } from '../../kernel/db/deadlock.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { ConflictError, Validation } from '../../kernel/errors.js';
import { Store } from '../store/store.entity.js';
import {
  managedBusinessOf,
  managedReservation,
  managedResource,
  managedStore,
  RESERVATIONS_READ,
  RESERVATIONS_WRITE,
} from './reservation-access.js';
import type { ReservationResource } from './reservation-resource.entity.js';
import { candidateDates, loadSchedule, onSlotGrid } from './reservation-slots.js';
import { checkTransition, isChangeable, ReservationStatus } from './reservation-status.js';
import { Reservation } from './reservation.entity.js';
import type { ChangeReservationInput, CreateReservationInput } from './reservation.input.js';
import type { ReservationsArgs } from './reservation.types.js';
import { checkGuest, checkPartySize, checkWindow } from './reservation-validation.js';

const MS_PER_MINUTE = 60_000;

/**
 * Takes the row locks of resources (in id order) for the rest of the transaction, so that the writers of
 * one resource's time go one after another. The exclusion constraint alone would still refuse every
 * overlap, but it checks a row only once the row is in the index: overlapping writers in flight together
 * then wait for each other's transactions, and PostgreSQL aborts one of each such pair as a deadlock.
 * FOR NO KEY UPDATE leaves the foreign-key checks of other tables (FOR KEY SHARE) unblocked.
 */
async function lockResourcesForWrite(tx: EntityManager, ids: readonly string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  await tx.execute(
    `select 1 from "reservation_resource" where "id" in (${sorted.map(() => '?').join(', ')}) order by "id" for no key update`,
    sorted,
  );
}

const slotTaken = () => new ConflictError('The resource is already reserved for part of this time.', 'slot_taken');
const resourceInactive = () =>
  new ConflictError('The resource takes no new reservations (inactive).', 'resource_inactive');

/**
 * Reservations of a business's resources (store.reservations.read / .write). No double booking: the
 * database's exclusion constraint refuses an overlapping reservation (CONFLICT slot_taken), never a
 * check before the write. Writers of one resource take its row lock first (no deadlocks between
 * overlapping writers), and a deadlock victim all the same writes again. A business acts only on its
 * own records; anything else is not found.
 */
export class ReservationService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of the caller's reservations (the operator: of all), by start time then id, filtered. */
  async list(args: ReservationsArgs): Promise<Connection<Reservation>> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_READ);
    const v = new Validation();
    const { first, after } = pageArgs(args, ['date', 'string'], v);
    v.check(!args.from || !args.to || args.from < args.to, 'to', 'must be after from');
    v.throwIfInvalid();
    if (args.storeId) await managedStore(this.ctx.em, args.storeId, businessAccountId);
    if (args.resourceId) await managedResource(this.ctx.em, args.resourceId, businessAccountId);
    const where: string[] = [];
    const params: unknown[] = [];
    const and = (condition: string, ...values: unknown[]) => where.push(condition) && params.push(...values);
    if (businessAccountId) and('"business_account_id" = ?', businessAccountId);
    if (args.storeId) and('"store_id" = ?', args.storeId);
    if (args.resourceId) and('"resource_id" = ?', args.resourceId);
    if (args.status) and('"status" = ?', args.status);
    if (args.from) and('"starts_at" >= ?', args.from);
    if (args.to) and('"starts_at" < ?', args.to);
    if (after) and('("starts_at", "id") > (?, ?)', ...after);
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select * from "reservation" where ${where.join(' and ') || 'true'} order by "starts_at", "id" limit ?`,
      [...params, first + 1],
    );
    const reservations = rows.map((row) => this.ctx.em.map(Reservation, row));
    return connectionOf(reservations, first, (r) => [r.startsAt, r.id], after !== null);
  }

  /** One reservation of the caller's business; NOT_FOUND reservation_not_found otherwise. */
  get(id: string): Promise<Reservation> {
    return managedReservation(this.ctx.em, id, managedBusinessOf(this.ctx.principal, RESERVATIONS_READ));
  }

  /** Books an active resource for a range on its slot grid (status booked); CONFLICT slot_taken when held. */
  async create(input: CreateReservationInput): Promise<Reservation> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_WRITE);
    const v = new Validation();
    const guest = checkGuest(v, input);
    v.throwIfInvalid();
    const resource = await managedResource(this.ctx.em, input.resourceId, businessAccountId);
    if (!resource.active) throw resourceInactive();
    const endsAt = input.endsAt ?? new Date(input.startsAt.getTime() + resource.slotMinutes * MS_PER_MINUTE);
    checkPartySize(v, input.partySize, resource.capacity);
    await this.checkTime(this.ctx.em, v, resource, input.startsAt, endsAt);
    v.throwIfInvalid();
    const row = {
      businessAccountId: resource.businessAccountId,
      storeId: resource.storeId,
      resourceId: resource.id,
      startsAt: input.startsAt,
      endsAt,
      partySize: input.partySize,
      ...guest,
    };
    const insert = () =>
      this.ctx.em.transactional(async (tx) => {
        await lockResourcesForWrite(tx, [resource.id]);
        return tx.create(Reservation, row);
      });
    return withConstraintErrors({ exclusion: slotTaken }, () => retryingDeadlocks(insert));
  }

  /**
   * Moves (time, resource) or resizes (party) a booked or confirmed reservation, under its row lock; the
   * new time must be free (CONFLICT slot_taken) and on the slot grid of an active resource.
   */
  async change(input: ChangeReservationInput): Promise<Reservation> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_WRITE);
    const v = new Validation();
    for (const field of ['resourceId', 'startsAt', 'partySize'] as const)
      v.check(input[field] !== null, field, 'must not be null');
    v.throwIfInvalid();
    const write = (tx: EntityManager) => this.changeIn(tx, input, businessAccountId);
    return withConstraintErrors({ exclusion: slotTaken }, () =>
      retryingDeadlocks(() => this.ctx.em.transactional(write)),
    );
  }

  /** Cancels a booked or confirmed reservation, freeing its time (cancelling again changes nothing). */
  cancel(id: string): Promise<Reservation> {
    return this.setStatus(id, ReservationStatus.cancelled);
  }

  /** Moves a reservation to `status` along the transition table; CONFLICT invalid_transition otherwise. */
  async setStatus(id: string, status: ReservationStatus): Promise<Reservation> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_WRITE);
    return this.ctx.em.transactional(async (tx) => {
      const reservation = await managedReservation(tx, id, businessAccountId, true);
      checkTransition(reservation.status, status);
      reservation.status = status;
      return reservation;
    });
  }

  private async changeIn(
    tx: EntityManager,
    input: ChangeReservationInput,
    businessAccountId: string | null,
  ): Promise<Reservation> {
    const reservation = await managedReservation(tx, input.id, businessAccountId, true);
    if (!isChangeable(reservation.status))
      throw new ConflictError(`A ${reservation.status} reservation cannot be changed.`, 'reservation_not_changeable');
    // Another resource only of the reservation's own business (the operator's too).
    const resource = await managedResource(
      tx,
      input.resourceId ?? reservation.resourceId,
      reservation.businessAccountId,
    );
    const startsAt = input.startsAt ?? reservation.startsAt;
    const length = reservation.endsAt.getTime() - reservation.startsAt.getTime();
    const endsAt = input.endsAt ?? (input.startsAt ? new Date(startsAt.getTime() + length) : reservation.endsAt);
    const partySize = input.partySize ?? reservation.partySize;
    const retimed =
      resource.id !== reservation.resourceId ||
      startsAt.getTime() !== reservation.startsAt.getTime() ||
      endsAt.getTime() !== reservation.endsAt.getTime();
    if (retimed && !resource.active) throw resourceInactive();
    if (retimed) await lockResourcesForWrite(tx, [reservation.resourceId, resource.id]);
    const v = new Validation();
    checkPartySize(v, partySize, resource.capacity);
    if (retimed) await this.checkTime(tx, v, resource, startsAt, endsAt);
    v.throwIfInvalid();
    tx.assign(reservation, { resourceId: resource.id, storeId: resource.storeId, startsAt, endsAt, partySize });
    return reservation;
  }

  /** Adds the field errors of a range: in the booking window, and on the resource's slot grid. */
  private async checkTime(
    em: EntityManager,
    v: Validation,
    resource: ReservationResource,
    startsAt: Date,
    endsAt: Date,
  ): Promise<void> {
    if (!checkWindow(v, startsAt, endsAt, this.now())) return;
    const store = await em.findOneOrFail(Store, { id: resource.storeId });
    const [from, to] = candidateDates(startsAt, store.timeZone);
    const schedule = await loadSchedule(em, store, from, to);
    v.check(
      onSlotGrid(schedule, resource, startsAt, endsAt),
      'startsAt',
      'must start at a slot of the resource and end at the end of a slot of the same opening hours',
    );
  }
}
