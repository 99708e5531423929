import { Migration } from '@mikro-orm/migrations';
import { RESERVATION_NO_OVERLAP } from '../../../stores/reservation/reservation.entity.js';

/**
 * stores: bookable resources of a store (seats, tables, rooms) and their reservations. A resource goes
 * with its store; a reservation with its resource. No double booking: the exclusion constraint
 * `reservation_no_overlap` (btree_gist, for the uuid's `=` in a gist index) lets no two reservations
 * that hold time overlap on one resource, whoever writes them at once. The range it compares is a
 * generated column of [starts_at, ends_at). Statuses and kinds are checked by the service.
 */
export class Migration0036StoresReservations extends Migration {
  override up(): void {
    this.addSql('create extension if not exists btree_gist;');
    this.addSql(`create table "reservation_resource" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "name" varchar(100) not null,
      "kind" varchar(16) not null,
      "capacity" smallint not null,
      "slot_minutes" smallint not null,
      "buffer_minutes" smallint not null default 0,
      "active" boolean not null default true,
      constraint "reservation_resource_capacity_check" check ("capacity" >= 1 and "capacity" <= 100),
      constraint "reservation_resource_slot_minutes_check" check ("slot_minutes" >= 5 and "slot_minutes" <= 480),
      constraint "reservation_resource_buffer_minutes_check" check ("buffer_minutes" >= 0 and "buffer_minutes" <= 240)
    );`);
    this.addSql(
      'create index "reservation_resource_business_account_id_id_index" on "reservation_resource" ("business_account_id", "id");',
    );
    this.addSql('create index "reservation_resource_store_id_id_index" on "reservation_resource" ("store_id", "id");');

    this.addSql(`create table "reservation" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "resource_id" uuid not null references "reservation_resource" ("id") on update cascade on delete cascade,
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "during" tstzrange generated always as (tstzrange("starts_at", "ends_at", '[)')) stored,
      "party_size" smallint not null,
      "guest_name" varchar(100) not null,
      "guest_phone" varchar(32) null,
      "guest_email" varchar(254) null,
      "note" varchar(1000) null,
      "customer_id" uuid null,
      "status" varchar(16) not null default 'booked',
      constraint "reservation_range_check" check ("ends_at" > "starts_at"),
      constraint "reservation_party_size_check" check ("party_size" >= 1 and "party_size" <= 100),
      constraint "reservation_no_overlap" ${RESERVATION_NO_OVERLAP}
    );`);
    for (const column of ['business_account_id', 'store_id', 'resource_id'])
      this.addSql(
        `create index "reservation_${column}_starts_at_id_index" on "reservation" ("${column}", "starts_at", "id");`,
      );
  }
}
