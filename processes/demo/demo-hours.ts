/**
 * Demo business hours: every demo store gets regular hours by its store type (convenience stores
 * around the clock, cafés with a lunch break and a late evening past midnight on Friday and Saturday,
 * bakeries closed on Mondays), and special days: closed on the coming New Year's Day (元日) and short
 * hours on New Year's Eve (大晦日). Inserted only where absent, so a business's own changes stay.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { localDateTime, type HoursInterval } from '../../subgraphs/stores/business-hours/business-hours.js';

const iv = (opens: string, closes: string): HoursInterval => ({ opens, closes });
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];

/** Intervals per ISO weekday for a store type. */
function weeklyHours(storeType: string): Map<number, HoursInterval[]> {
  const every = (intervals: HoursInterval[]) => new Map(ALL_WEEK.map((d) => [d, intervals]));
  switch (storeType) {
    case 'convenience_store':
      return every([iv('00:00', '24:00')]);
    case 'cafe':
      return new Map(
        ALL_WEEK.map((d) => [
          d,
          d === 5 || d === 6
            ? [iv('11:00', '14:00'), iv('17:00', '01:00')]
            : [iv('11:00', '14:00'), iv('17:00', '22:00')],
        ]),
      );
    case 'bakery':
      return new Map(ALL_WEEK.map((d) => [d, d === 1 ? [] : [iv('07:00', '19:00')]]));
    case 'drugstore':
      return every([iv('09:00', '22:00')]);
    case 'electronics':
    case 'home_center':
      return every([iv('10:00', '21:00')]);
    default:
      return every([iv('09:00', '23:00')]);
  }
}

/** Adds the demo hours of `stores` (those that exist) where a store has none yet: two statements, idempotent. */
export async function loadDemoHours(
  em: EntityManager,
  stores: readonly { readonly id: string; readonly storeType: string }[],
  now = new Date(),
): Promise<void> {
  const year = Number(localDateTime(now, 'Asia/Tokyo').date.slice(0, 4));
  const weekly = stores.flatMap((store) =>
    [...weeklyHours(store.storeType)].map(([weekday, intervals]) => ({
      id: uuidv7(),
      store_id: store.id,
      weekday,
      intervals,
    })),
  );
  const special = stores.flatMap((store) => [
    {
      id: uuidv7(),
      store_id: store.id,
      date: `${year}-12-31`,
      closed: false,
      intervals: [iv('10:00', '17:00')],
      note: '大晦日 短縮営業',
    },
    { id: uuidv7(), store_id: store.id, date: `${year + 1}-01-01`, closed: true, intervals: [], note: '元日' },
  ]);
  await em.execute(
    `insert into "store_weekly_hours" ("id", "created_at", "updated_at", "store_id", "weekday", "intervals")
     select r."id", now(), now(), r."store_id", r."weekday", r."intervals"
     from jsonb_to_recordset(?::jsonb) as r("id" uuid, "store_id" uuid, "weekday" smallint, "intervals" jsonb)
     where exists (select 1 from "store" s where s."id" = r."store_id")
     on conflict do nothing`,
    [JSON.stringify(weekly)],
  );
  await em.execute(
    `insert into "store_special_day" ("id", "created_at", "updated_at", "store_id", "date", "closed", "intervals", "note")
     select r."id", now(), now(), r."store_id", r."date", r."closed", r."intervals", r."note"
     from jsonb_to_recordset(?::jsonb) as r("id" uuid, "store_id" uuid, "date" date, "closed" boolean, "intervals" jsonb, "note" varchar)
     where exists (select 1 from "store" s where s."id" = r."store_id")
     on conflict do nothing`,
    [JSON.stringify(special)],
  );
}
