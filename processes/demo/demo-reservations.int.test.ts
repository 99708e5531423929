/** The demo reservations: loaded with the demo data, once, on the slot grid of 渋谷店's demo hours, and listed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../test/fixtures/migrated-database.js';
import { ReservationService } from '../../subgraphs/stores/reservation/reservation.service.js';
import { candidateDates, loadSchedule, onSlotGrid } from '../../subgraphs/stores/reservation/reservation-slots.js';
import { loadDemoData } from './demo-data.js';
import { demoId } from './demo-id.js';
import { DEMO_RESOURCES, loadDemoReservations } from './demo-reservations.js';

let db: MigratedDatabase;
beforeAll(async () => {
  db = await openMigratedDatabase();
  await loadDemoData(db.orm);
});
afterAll(() => db.close());

const SHIBUYA = demoId(2, 1);
const rows = () =>
  db
    .em()
    .execute<{ id: string; resource_id: string; starts_at: Date; ends_at: Date; status: string }[]>(
      'select "id", "resource_id", "starts_at", "ends_at", "status" from "reservation" where "store_id" = ? order by "id"',
      [SHIBUYA],
    );

describe('demo reservations', () => {
  it('give 渋谷店 a 4-seat table and a private room, each with a reservation on its slot grid', async () => {
    const resources = await db
      .em()
      .execute<{ id: string; kind: string; capacity: number; business_account_id: string }[]>(
        'select "id", "kind", "capacity", "business_account_id" from "reservation_resource" where "store_id" = ? order by "id"',
        [SHIBUYA],
      );
    expect(resources).toEqual([
      { id: DEMO_RESOURCES[0].id, kind: 'table', capacity: 4, business_account_id: demoId(1, 1) },
      { id: DEMO_RESOURCES[1].id, kind: 'room', capacity: 8, business_account_id: demoId(1, 1) },
    ]);
    const reservations = await rows();
    expect(reservations.map((r) => [r.resource_id, r.status])).toEqual([
      [DEMO_RESOURCES[0].id, 'confirmed'],
      [DEMO_RESOURCES[1].id, 'booked'],
    ]);
    for (const [r, resource] of reservations.map((r, i) => [r, DEMO_RESOURCES[i]!] as const)) {
      const store = { id: SHIBUYA, timeZone: 'Asia/Tokyo' };
      const [from, to] = candidateDates(new Date(r.starts_at), store.timeZone);
      const schedule = await loadSchedule(db.em(), store, from, to);
      const grid = { slotMinutes: resource.slot, bufferMinutes: resource.buffer };
      expect(onSlotGrid(schedule, grid, new Date(r.starts_at), new Date(r.ends_at)), r.id).toBe(true);
    }
  });

  it('are listed for the operator, and loading again adds nothing', async () => {
    const before = await rows();
    await loadDemoReservations(db.em());
    await loadDemoData(db.orm);
    expect(await rows()).toEqual(before);
    const page = await new ReservationService(db.context({ kind: 'operator' })).list({ storeId: SHIBUYA, first: 10 });
    expect(page.nodes.map((n) => n.id)).toEqual(before.map((r) => r.id));
  });
});
