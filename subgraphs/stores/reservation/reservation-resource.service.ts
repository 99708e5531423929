import type { BaseContext } from '../../kernel/context.js';
import { connectionOf, pageArgs, type Connection } from '../../kernel/connection.js';
import { Validation } from '../../kernel/errors.js';
import { addDays, isCalendarDate, localDateTime } from '../business-hours/business-hours.js';
import { Store } from '../store/store.entity.js';
import {
  managedBusinessOf,
  managedResource,
  managedStore,
  RESERVATIONS_READ,
  RESERVATIONS_WRITE,
} from './reservation-access.js';
import { ReservationResource } from './reservation-resource.entity.js';
import type { CreateReservationResourceInput, UpdateReservationResourceInput } from './reservation.input.js';
import { HOLDING_STATUSES } from './reservation-status.js';
import { loadSchedule, slotsOn } from './reservation-slots.js';
import type { ReservationResourcesArgs, ReservationSlot } from './reservation.types.js';
import { BOOKING_HORIZON_DAYS, checkResourceFields } from './reservation-validation.js';

/** The resources of a business (and of a store), after a keyset, in id (creation) order. */
const LIST_SQL = (ofBusiness: boolean, ofStore: boolean, after: boolean) => `select * from "reservation_resource"
  where ${ofBusiness ? '"business_account_id" = ?' : 'true'} and ${ofStore ? '"store_id" = ?' : 'true'}
  and ${after ? '"id" > ?' : 'true'}
  order by "id" limit ?`;

/** The time held on a resource between two instants (one query on the exclusion constraint's index). */
const HELD_SQL = `select "starts_at", "ends_at" from "reservation"
  where "resource_id" = ? and "during" && tstzrange(?, ?, '[)')
  and "status" in (${HOLDING_STATUSES.map(() => '?').join(', ')})`;

/**
 * Bookable resources of a store (store.reservations.read / .write) and their slots. A business acts
 * only on its own stores and resources; anything else is answered as not found.
 */
export class ReservationResourceService {
  constructor(private readonly ctx: BaseContext) {}

  /** A page of the caller's resources (the operator: of all), of one store when asked. */
  async list(args: ReservationResourcesArgs): Promise<Connection<ReservationResource>> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_READ);
    const v = new Validation();
    const { first, after } = pageArgs(args, ['string'], v);
    v.throwIfInvalid();
    if (args.storeId) await managedStore(this.ctx.em, args.storeId, businessAccountId);
    const params = [
      ...(businessAccountId ? [businessAccountId] : []),
      ...(args.storeId ? [args.storeId] : []),
      ...(after ? after : []),
      first + 1,
    ];
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      LIST_SQL(businessAccountId !== null, !!args.storeId, after !== null),
      params,
    );
    const resources = rows.map((row) => this.ctx.em.map(ReservationResource, row));
    return connectionOf(resources, first, (r) => [r.id], after !== null);
  }

  /** Creates a resource at a store of the caller's business (the operator: any store). */
  async create(input: CreateReservationResourceInput): Promise<ReservationResource> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_WRITE);
    const v = new Validation();
    checkResourceFields(v, input);
    v.throwIfInvalid();
    const store = await managedStore(this.ctx.em, input.storeId, businessAccountId);
    const resource = this.ctx.em.create(ReservationResource, {
      businessAccountId: store.businessAccountId,
      storeId: store.id,
      name: input.name.trim(),
      kind: input.kind,
      capacity: input.capacity,
      slotMinutes: input.slotMinutes,
      bufferMinutes: input.bufferMinutes ?? 0,
    });
    await this.ctx.em.flush();
    return resource;
  }

  /** Changes the fields given; the resource keeps its store and its reservations. */
  async update(input: UpdateReservationResourceInput): Promise<ReservationResource> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_WRITE);
    const v = new Validation();
    checkResourceFields(v, input);
    for (const field of ['kind', 'active'] as const) v.check(input[field] !== null, field, 'must not be null');
    v.throwIfInvalid();
    const resource = await managedResource(this.ctx.em, input.id, businessAccountId);
    const { id: _id, name, ...rest } = input;
    const changes = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    this.ctx.em.assign(resource, { ...changes, ...(name !== undefined ? { name: name!.trim() } : {}) });
    await this.ctx.em.flush();
    return resource;
  }

  /**
   * The resource's slots on a store-local date (YYYY-MM-DD, today to 366 days ahead), each with
   * whether it is free at `now`. A closed day has none.
   */
  async slots(resourceId: string, date: string, now: Date): Promise<ReservationSlot[]> {
    const businessAccountId = managedBusinessOf(this.ctx.principal, RESERVATIONS_READ);
    new Validation().check(isCalendarDate(date), 'date', 'must be a calendar date, YYYY-MM-DD').throwIfInvalid();
    const resource = await managedResource(this.ctx.em, resourceId, businessAccountId);
    const store = await this.ctx.em.findOneOrFail(Store, { id: resource.storeId });
    const today = localDateTime(now, store.timeZone).date;
    new Validation()
      .check(
        date >= today && date <= addDays(today, BOOKING_HORIZON_DAYS),
        'date',
        `must be from today to ${BOOKING_HORIZON_DAYS} days ahead (store-local)`,
      )
      .throwIfInvalid();
    const slots = slotsOn(await loadSchedule(this.ctx.em, store, date, date), date, resource);
    if (slots.length === 0) return [];
    const held = await this.ctx.em.execute<{ starts_at: Date; ends_at: Date }[]>(HELD_SQL, [
      resource.id,
      slots[0]!.startsAt,
      slots.at(-1)!.endsAt,
      ...HOLDING_STATUSES,
    ]);
    return slots.map(({ startsAt, endsAt }) => ({
      startsAt,
      endsAt,
      free: endsAt > now && !held.some((h) => new Date(h.starts_at) < endsAt && new Date(h.ends_at) > startsAt),
    }));
  }
}
