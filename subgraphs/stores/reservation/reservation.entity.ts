import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { HOLDING_STATUSES, ReservationStatus } from './reservation-status.js';

/** Bounds of a reservation's guest fields. */
export const RESERVATION_LIMITS = { guestNameMax: 100, guestPhoneMax: 32, guestEmailMax: 254, noteMax: 1000 } as const;

/**
 * No two reservations that hold time (booked, confirmed, seated) overlap on one resource: PostgreSQL
 * refuses the second writer (SQLSTATE 23P01) however many book at once. Created by migration 0036
 * and declared here (MikroORM checks take an `exclude` body) so the schema diff knows it.
 */
export const RESERVATION_NO_OVERLAP = `exclude using gist ("resource_id" with =, "during" with &&) where ("status" in (${HOLDING_STATUSES.map((s) => `'${s}'`).join(', ')}))`;

/**
 * A booking of a resource for a time range [startsAt, endsAt) on its slot grid. The store and the
 * business are the resource's, kept on the row for the lists (a resource never changes store).
 */
@ObjectType('Reservation', { description: 'A booking of a seat, table or room of a store for a time range.' })
@Entity({ tableName: 'reservation' })
@Index({ properties: ['businessAccountId', 'startsAt', 'id'] })
@Index({ properties: ['storeId', 'startsAt', 'id'] })
@Index({ properties: ['resourceId', 'startsAt', 'id'] })
@Check({ name: 'reservation_range_check', expression: '"ends_at" > "starts_at"' })
@Check({ name: 'reservation_party_size_check', expression: '"party_size" >= 1 and "party_size" <= 100' })
@Check({ name: 'reservation_no_overlap', expression: RESERVATION_NO_OVERLAP })
export class Reservation extends BaseEntity {
  /** Owner; a database-only foreign key to identity's business_account. */
  @Field(() => ID, { description: 'The business account that owns the store.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => ID, { description: 'The store of the resource.' })
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => ID, { description: 'The booked resource.' })
  @Property({ type: 'uuid' })
  resourceId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'Start (RFC 3339, UTC), the start of a slot.' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  startsAt!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'End, excluded (RFC 3339, UTC), the end of a slot.' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  endsAt!: Date;

  /** [starts_at, ends_at) as a range, computed by PostgreSQL; what the exclusion constraint compares. */
  @Property({
    type: 'string',
    columnType: 'tstzrange',
    generated: `(tstzrange("starts_at", "ends_at", '[)')) stored`,
    lazy: true,
    hidden: true,
  })
  during?: string & Opt;

  @Field(() => Int, { description: 'Guests, 1 to the resource’s capacity.' })
  @Property({ type: 'smallint' })
  partySize!: number;

  @Field(() => String, { description: 'Name the reservation is under, 1 to 100 characters.' })
  @Property({ type: 'string', length: RESERVATION_LIMITS.guestNameMax })
  guestName!: string;

  @Field(() => String, { nullable: true, description: 'Guest’s phone number, if given.' })
  @Property({ type: 'string', length: RESERVATION_LIMITS.guestPhoneMax, nullable: true })
  guestPhone?: string | null;

  @Field(() => String, { nullable: true, description: 'Guest’s email address, if given.' })
  @Property({ type: 'string', length: RESERVATION_LIMITS.guestEmailMax, nullable: true })
  guestEmail?: string | null;

  @Field(() => String, { nullable: true, description: 'Note for the staff (at most 1000 characters).' })
  @Property({ type: 'string', length: RESERVATION_LIMITS.noteMax, nullable: true })
  note?: string | null;

  /** The business's customer record (wallet subgraph), if the guest is one; no foreign key. */
  @Field(() => ID, { nullable: true, description: 'The business customer the guest is, if known.' })
  @Property({ type: 'uuid', nullable: true })
  customerId?: string | null;

  @Field(() => ReservationStatus, { description: 'booked, confirmed, seated, completed, cancelled or no_show.' })
  @Property({ type: 'string', length: 16, default: ReservationStatus.booked })
  status: ReservationStatus & Opt = ReservationStatus.booked;
}
