import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** What a bookable resource is. */
export enum ReservationResourceKind {
  seat = 'seat',
  table = 'table',
  room = 'room',
  other = 'other',
}
registerEnumType(ReservationResourceKind, {
  name: 'ReservationResourceKind',
  description: 'seat (one place at a counter), table, room (a private room) or other.',
});

/** Bounds of a resource's fields (the service validates them, the table checks them again). */
export const RESOURCE_LIMITS = {
  nameMax: 100,
  capacity: { min: 1, max: 100 },
  slotMinutes: { min: 5, max: 480 },
  bufferMinutes: { min: 0, max: 240 },
} as const;

/**
 * Something of a store that guests book by the slot: a seat, a table, a room. Its slots follow the
 * store's business hours: each opening interval is cut into slots of `slotMinutes`, `bufferMinutes`
 * apart. It belongs to its store for good (a store of its business, never moved).
 */
@ObjectType('ReservationResource', {
  description: 'A bookable seat, table or room of a store, with its party capacity and slot length.',
})
@Entity({ tableName: 'reservation_resource' })
@Index({ properties: ['businessAccountId', 'id'] })
@Index({ properties: ['storeId', 'id'] })
@Check({ name: 'reservation_resource_capacity_check', expression: '"capacity" >= 1 and "capacity" <= 100' })
@Check({ name: 'reservation_resource_slot_minutes_check', expression: '"slot_minutes" >= 5 and "slot_minutes" <= 480' })
@Check({
  name: 'reservation_resource_buffer_minutes_check',
  expression: '"buffer_minutes" >= 0 and "buffer_minutes" <= 240',
})
export class ReservationResource extends BaseEntity {
  /** Owner (the store's business); a database-only foreign key to identity's business_account. */
  @Field(() => ID, { description: 'The business account that owns the store.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  /** The store; a database-only foreign key (deleted with the store). */
  @Field(() => ID, { description: 'The store the resource belongs to.' })
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => String, { description: 'Name shown to staff and guests, 1 to 100 characters (e.g. テーブル4番).' })
  @Property({ type: 'string', length: RESOURCE_LIMITS.nameMax })
  name!: string;

  @Field(() => ReservationResourceKind, { description: 'seat, table, room or other.' })
  @Property({ type: 'string', length: 16 })
  kind!: ReservationResourceKind;

  @Field(() => Int, { description: 'The largest party it seats, 1 to 100.' })
  @Property({ type: 'smallint' })
  capacity!: number;

  @Field(() => Int, { description: 'Length of one slot in minutes, 5 to 480.' })
  @Property({ type: 'smallint' })
  slotMinutes!: number;

  @Field(() => Int, { description: 'Minutes kept free after each slot before the next one starts, 0 to 240.' })
  @Property({ type: 'smallint', default: 0 })
  bufferMinutes: number & Opt = 0;

  @Field(() => Boolean, { description: 'Whether it takes new reservations (existing ones stay).' })
  @Property({ type: 'boolean', default: true })
  active: boolean & Opt = true;
}
