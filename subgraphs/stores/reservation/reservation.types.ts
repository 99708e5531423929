import { GraphQLDateTimeISO } from 'graphql-scalars';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';
import { ReservationResource } from './reservation-resource.entity.js';
import { ReservationStatus } from './reservation-status.js';
import { Reservation } from './reservation.entity.js';

/** A page of bookable resources, in creation order. */
export const ReservationResourceConnection = connectionType(
  'ReservationResource',
  ReservationResource,
  'A page of bookable resources, oldest first (by id).',
);

/** A page of reservations, by start time then id. */
export const ReservationConnection = connectionType(
  'Reservation',
  Reservation,
  'A page of reservations, by start time then id.',
);

@ObjectType('ReservationSlot', { description: 'One slot of a resource on a store-local date.' })
export class ReservationSlot {
  @Field(() => GraphQLDateTimeISO, { description: 'Start (RFC 3339, UTC).' })
  startsAt!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'End, excluded (RFC 3339, UTC).' })
  endsAt!: Date;

  @Field(() => Boolean, {
    description:
      'Whether it can be booked: no booked, confirmed or seated reservation overlaps it and it has not ended.',
  })
  free!: boolean;
}

/** first/after of a connection. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20; above 100 is clamped).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;
}

@ArgsType()
export class ReservationResourcesArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the resources of this store.' })
  storeId?: string | null;
}

@ArgsType()
export class ReservationsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the reservations at this store.' })
  storeId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only the reservations of this resource.' })
  resourceId?: string | null;

  @Field(() => ReservationStatus, { nullable: true, description: 'Only the reservations in this status.' })
  status?: ReservationStatus | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Only those starting at or after this instant.' })
  from?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Only those starting before this instant.' })
  to?: Date | null;
}
