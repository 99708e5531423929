import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../kernel/connection.js';
import type { StoresContext } from '../context.js';
import { Store } from '../store/store.entity.js';
import { ReservationResource } from './reservation-resource.entity.js';
import { ReservationStatus } from './reservation-status.js';
import { Reservation } from './reservation.entity.js';
import { ChangeReservationInput, CreateReservationInput } from './reservation.input.js';
import { ReservationConnection, ReservationsArgs } from './reservation.types.js';

const WHO_READS = 'A business token with store.reservations.read (its own reservations only) or the operator.';
const WHO_WRITES = 'A business token with store.reservations.write (its own reservations only) or the operator.';

@Resolver(() => Reservation)
export class ReservationResolver {
  @Query(() => ReservationConnection, {
    description: `The caller’s reservations by start time then id, filtered. ${WHO_READS}`,
  })
  reservations(
    @Args(() => ReservationsArgs) args: ReservationsArgs,
    @Ctx() ctx: StoresContext,
  ): Promise<Connection<Reservation>> {
    return ctx.reservations.list(args);
  }

  @Query(() => Reservation, {
    description: `One reservation; NOT_FOUND reservation_not_found for another business’s. ${WHO_READS}`,
  })
  reservation(
    @Arg('id', () => ID, { description: 'The reservation.' }) id: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Reservation> {
    return ctx.reservations.get(id);
  }

  @Mutation(() => Reservation, {
    description:
      'Books a resource for a range on its slot grid within opening hours (status booked). Time already held by ' +
      `another reservation is CONFLICT slot_taken, an inactive resource CONFLICT resource_inactive. ${WHO_WRITES}`,
  })
  createReservation(
    @Arg('input', () => CreateReservationInput) input: CreateReservationInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Reservation> {
    return ctx.reservations.create(input);
  }

  @Mutation(() => Reservation, {
    description:
      'Moves or resizes a booked or confirmed reservation (else CONFLICT reservation_not_changeable); time already ' +
      `held is CONFLICT slot_taken. ${WHO_WRITES}`,
  })
  changeReservation(
    @Arg('input', () => ChangeReservationInput) input: ChangeReservationInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Reservation> {
    return ctx.reservations.change(input);
  }

  @Mutation(() => Reservation, {
    description: `Cancels a booked or confirmed reservation and frees its time (idempotent). ${WHO_WRITES}`,
  })
  cancelReservation(
    @Arg('id', () => ID, { description: 'The reservation.' }) id: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Reservation> {
    return ctx.reservations.cancel(id);
  }

  @Mutation(() => Reservation, {
    description:
      'Moves a reservation along its statuses: booked -> confirmed | seated | cancelled | no_show, confirmed -> ' +
      `seated | cancelled | no_show, seated -> completed; anything else is CONFLICT invalid_transition. ${WHO_WRITES}`,
  })
  setReservationStatus(
    @Arg('id', () => ID, { description: 'The reservation.' }) id: string,
    @Arg('status', () => ReservationStatus, { description: 'The new status.' }) status: ReservationStatus,
    @Ctx() ctx: StoresContext,
  ): Promise<Reservation> {
    return ctx.reservations.setStatus(id, status);
  }

  @FieldResolver(() => Store, { description: 'The store (one batched query for a whole page).' })
  async store(@Root() reservation: Reservation, @Ctx() ctx: StoresContext): Promise<Store> {
    return (await ctx.loaders.storeById.load(reservation.storeId))!;
  }

  @FieldResolver(() => ReservationResource, {
    description: 'The booked resource (one batched query for a whole page).',
  })
  async resource(@Root() reservation: Reservation, @Ctx() ctx: StoresContext): Promise<ReservationResource> {
    return (await ctx.loaders.reservationResourceById.load(reservation.resourceId))!;
  }
}
