import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int } from 'type-graphql';
import { ReservationResourceKind } from './reservation-resource.entity.js';

@InputType('CreateReservationResourceInput', { description: 'A new bookable resource of a store.' })
export class CreateReservationResourceInput {
  @Field(() => ID, { description: 'The store, one of the caller’s business.' })
  storeId!: string;

  @Field(() => String, { description: 'Name, 1 to 100 characters.' })
  name!: string;

  @Field(() => ReservationResourceKind, { description: 'seat, table, room or other.' })
  kind!: ReservationResourceKind;

  @Field(() => Int, { description: 'The largest party it seats, 1 to 100.' })
  capacity!: number;

  @Field(() => Int, { description: 'Slot length in minutes, 5 to 480.' })
  slotMinutes!: number;

  @Field(() => Int, { nullable: true, description: 'Minutes kept free after each slot, 0 to 240 (default 0).' })
  bufferMinutes?: number | null;
}

@InputType('UpdateReservationResourceInput', {
  description: 'Changes to a resource: absent fields stay as they are. Existing reservations are kept.',
})
export class UpdateReservationResourceInput {
  @Field(() => ID, { description: 'The resource.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Name, 1 to 100 characters.' })
  name?: string | null;

  @Field(() => ReservationResourceKind, { nullable: true, description: 'seat, table, room or other.' })
  kind?: ReservationResourceKind | null;

  @Field(() => Int, { nullable: true, description: 'The largest party it seats, 1 to 100.' })
  capacity?: number | null;

  @Field(() => Int, { nullable: true, description: 'Slot length in minutes, 5 to 480.' })
  slotMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: 'Minutes kept free after each slot, 0 to 240.' })
  bufferMinutes?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether it takes new reservations.' })
  active?: boolean | null;
}

@InputType('CreateReservationInput', { description: 'A new reservation of a resource (status booked).' })
export class CreateReservationInput {
  @Field(() => ID, { description: 'The resource, one of the caller’s business, active.' })
  resourceId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'Start: the start of one of the resource’s slots.' })
  startsAt!: Date;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'End: the end of a slot of the same opening interval (default: one slot).',
  })
  endsAt?: Date | null;

  @Field(() => Int, { description: 'Guests, 1 to the resource’s capacity.' })
  partySize!: number;

  @Field(() => String, { description: 'Name the reservation is under, 1 to 100 characters.' })
  guestName!: string;

  @Field(() => String, { nullable: true, description: 'Phone number: digits, spaces and hyphens, optional leading +.' })
  guestPhone?: string | null;

  @Field(() => String, { nullable: true, description: 'Email address, at most 254 characters.' })
  guestEmail?: string | null;

  @Field(() => String, { nullable: true, description: 'Note for the staff, at most 1000 characters.' })
  note?: string | null;

  @Field(() => ID, { nullable: true, description: 'The business customer the guest is (a UUID), if known.' })
  customerId?: string | null;
}

@InputType('ChangeReservationInput', {
  description: 'Moves or resizes a booked or confirmed reservation: absent fields stay as they are.',
})
export class ChangeReservationInput {
  @Field(() => ID, { description: 'The reservation.' })
  id!: string;

  @Field(() => ID, { nullable: true, description: 'Another active resource of the same business.' })
  resourceId?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'New start: the start of a slot.' })
  startsAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'New end: the end of a slot of the same opening interval (default: one slot from the start).',
  })
  endsAt?: Date | null;

  @Field(() => Int, { nullable: true, description: 'Guests, 1 to the resource’s capacity.' })
  partySize?: number | null;
}
