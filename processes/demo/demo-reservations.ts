/**
 * Demo reservations at さくらマート 渋谷店: a 4-seat table (hourly slots) and a private room (two-hour
 * slots, 30 minutes apart), each with a reservation on the next ordinary day (not 大晦日 or 元日, whose
 * demo hours differ) on the slot grid of the demo hours (09:00 to 23:00). Each row is loaded only when
 * absent (fixed ids); a reservation whose time is already held is skipped, never double booked.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { addDays, localDateTime, zonedInstant } from '../../subgraphs/stores/business-hours/business-hours.js';
import { demoId } from './demo-id.js';

/** Id kind of demo reservation rows in {@link demoId}. */
const RESERVATION_KIND = 0x51;
/** さくらマート 渋谷店. */
const SHIBUYA = demoId(2, 1);

export const DEMO_RESOURCES = [
  { id: demoId(RESERVATION_KIND, 1), name: 'テーブル（4名）', kind: 'table', capacity: 4, slot: 60, buffer: 0 },
  { id: demoId(RESERVATION_KIND, 2), name: '個室 さくら', kind: 'room', capacity: 8, slot: 120, buffer: 30 },
] as const;

/** The next local date after today that is not 12-31 or 01-01. */
function ordinaryDay(now: Date): string {
  let date = addDays(localDateTime(now, 'Asia/Tokyo').date, 1);
  while (date.endsWith('-12-31') || date.endsWith('-01-01')) date = addDays(date, 1);
  return date;
}

/** Loads the demo resources and reservations where absent (idempotent: two statements). */
export async function loadDemoReservations(em: EntityManager, now = new Date()): Promise<void> {
  const day = ordinaryDay(now);
  const at = (minute: number) => new Date(zonedInstant(day, minute, 'Asia/Tokyo')).toISOString();
  await em.execute(
    `insert into "reservation_resource" ("id", "created_at", "updated_at", "business_account_id", "store_id", "name",
       "kind", "capacity", "slot_minutes", "buffer_minutes")
     select r."id", now(), now(), s."business_account_id", s."id", r."name", r."kind", r."capacity", r."slot", r."buffer"
     from jsonb_to_recordset(?::jsonb) as r("id" uuid, "name" varchar, "kind" varchar, "capacity" smallint, "slot" smallint, "buffer" smallint)
     join "store" s on s."id" = ?
     on conflict do nothing`,
    [JSON.stringify(DEMO_RESOURCES), SHIBUYA],
  );
  const reservations = [
    {
      id: demoId(RESERVATION_KIND, 101),
      resource: DEMO_RESOURCES[0].id,
      from: at(12 * 60),
      to: at(13 * 60),
      party: 3,
      guest: '山田 花子',
      status: 'confirmed',
    },
    {
      id: demoId(RESERVATION_KIND, 102),
      resource: DEMO_RESOURCES[1].id,
      from: at(19 * 60),
      to: at(21 * 60),
      party: 6,
      guest: '佐藤 一郎',
      status: 'booked',
    },
  ];
  // Without a conflict target DO NOTHING also skips a row the exclusion constraint refuses.
  await em.execute(
    `insert into "reservation" ("id", "created_at", "updated_at", "business_account_id", "store_id", "resource_id",
       "starts_at", "ends_at", "party_size", "guest_name", "status")
     select r."id", now(), now(), rr."business_account_id", rr."store_id", rr."id", r."from", r."to", r."party", r."guest", r."status"
     from jsonb_to_recordset(?::jsonb) as r("id" uuid, "resource" uuid, "from" timestamptz, "to" timestamptz, "party" smallint, "guest" varchar, "status" varchar)
     join "reservation_resource" rr on rr."id" = r."resource"
     on conflict do nothing`,
    [JSON.stringify(reservations)],
  );
}
