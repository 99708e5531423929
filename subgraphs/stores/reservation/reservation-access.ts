/**
 * Who manages reservations: a business token with store.reservations.read/.write (its own stores,
 * resources and reservations only) or the operator (any). Another business's record is answered as
 * not found, never revealed.
 */
import { LockMode } from '@mikro-orm/core';
import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { Principal } from '../../kernel/auth/principal.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError } from '../../kernel/errors.js';
import { Store } from '../store/store.entity.js';
import { ReservationResource } from './reservation-resource.entity.js';
import { Reservation } from './reservation.entity.js';

export const RESERVATIONS_READ = 'store.reservations.read';
export const RESERVATIONS_WRITE = 'store.reservations.write';
export type ReservationScope = typeof RESERVATIONS_READ | typeof RESERVATIONS_WRITE;

/** The business whose records the caller manages with `scope`; null for the operator (any). */
export function managedBusinessOf(principal: Principal, scope: ReservationScope): string | null {
  if (principal.kind === 'operator') return null;
  return requireBusinessScope(principal, scope).businessAccountId;
}

export const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
export const resourceNotFound = () =>
  new NotFoundError('No reservation resource of this business has this id.', 'resource_not_found');
export const reservationNotFound = () =>
  new NotFoundError('No reservation of this business has this id.', 'reservation_not_found');

/** Only the rows of `businessAccountId` (the operator's null: all). */
const ofBusiness = (businessAccountId: string | null) => (businessAccountId ? { businessAccountId } : {});

/** A store of the managed business; NOT_FOUND store_not_found otherwise. */
export async function managedStore(em: EntityManager, id: string, businessAccountId: string | null): Promise<Store> {
  const store = isUuid(id) ? await em.findOne(Store, { id, ...ofBusiness(businessAccountId) }) : null;
  if (!store) throw storeNotFound();
  return store;
}

/** A resource of the managed business; NOT_FOUND resource_not_found otherwise. */
export async function managedResource(
  em: EntityManager,
  id: string,
  businessAccountId: string | null,
): Promise<ReservationResource> {
  const resource = isUuid(id) ? await em.findOne(ReservationResource, { id, ...ofBusiness(businessAccountId) }) : null;
  if (!resource) throw resourceNotFound();
  return resource;
}

/**
 * A reservation of the managed business; NOT_FOUND reservation_not_found otherwise. `lock` takes its
 * row lock (inside a transaction) so that concurrent changes of one reservation apply one after another.
 */
export async function managedReservation(
  em: EntityManager,
  id: string,
  businessAccountId: string | null,
  lock = false,
): Promise<Reservation> {
  const reservation = isUuid(id)
    ? await em.findOne(
        Reservation,
        { id, ...ofBusiness(businessAccountId) },
        lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
      )
    : null;
  if (!reservation) throw reservationNotFound();
  return reservation;
}
