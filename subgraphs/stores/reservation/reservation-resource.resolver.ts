import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../kernel/connection.js';
import type { StoresContext } from '../context.js';
import { Store } from '../store/store.entity.js';
import { ReservationResource } from './reservation-resource.entity.js';
import { CreateReservationResourceInput, UpdateReservationResourceInput } from './reservation.input.js';
import { ReservationResourceConnection, ReservationResourcesArgs, ReservationSlot } from './reservation.types.js';

const WHO_READS = 'A business token with store.reservations.read (its own stores only) or the operator.';
const WHO_WRITES = 'A business token with store.reservations.write (its own stores only) or the operator.';

@Resolver(() => ReservationResource)
export class ReservationResourceResolver {
  @Query(() => ReservationResourceConnection, {
    description: `The caller’s bookable resources, oldest first; another business’s store is NOT_FOUND store_not_found. ${WHO_READS}`,
  })
  reservationResources(
    @Args(() => ReservationResourcesArgs) args: ReservationResourcesArgs,
    @Ctx() ctx: StoresContext,
  ): Promise<Connection<ReservationResource>> {
    return ctx.reservationResources.list(args);
  }

  @Query(() => [ReservationSlot], {
    description:
      'The slots of a resource on a store-local date from its store’s business hours and special days, each with ' +
      `whether it is free; a closed day has none. A date before today or over 366 days ahead is BAD_USER_INPUT. ${WHO_READS}`,
  })
  reservationSlots(
    @Arg('resourceId', () => ID, { description: 'The resource.' }) resourceId: string,
    @Arg('date', () => String, { description: 'Store-local date, YYYY-MM-DD.' }) date: string,
    @Ctx() ctx: StoresContext,
  ): Promise<ReservationSlot[]> {
    return ctx.reservationResources.slots(resourceId, date, new Date());
  }

  @Mutation(() => ReservationResource, {
    description: `Creates a bookable resource at a store; another business’s store is NOT_FOUND store_not_found. ${WHO_WRITES}`,
  })
  createReservationResource(
    @Arg('input', () => CreateReservationResourceInput) input: CreateReservationResourceInput,
    @Ctx() ctx: StoresContext,
  ): Promise<ReservationResource> {
    return ctx.reservationResources.create(input);
  }

  @Mutation(() => ReservationResource, {
    description: `Changes a resource (its reservations stay); NOT_FOUND resource_not_found for another business’s. ${WHO_WRITES}`,
  })
  updateReservationResource(
    @Arg('input', () => UpdateReservationResourceInput) input: UpdateReservationResourceInput,
    @Ctx() ctx: StoresContext,
  ): Promise<ReservationResource> {
    return ctx.reservationResources.update(input);
  }

  @FieldResolver(() => Store, { description: 'The store (one batched query for a whole page).' })
  async store(@Root() resource: ReservationResource, @Ctx() ctx: StoresContext): Promise<Store> {
    return (await ctx.loaders.storeById.load(resource.storeId))!;
  }
}
