/**
 * The back office's rows of `npm run bench` (issue 14): product search and reservation booking at a
 * fixed rate against the one-process service, each with its check and, for the search, the plans of
 * its statements. Printed in the style of the check-in row.
 */
import type { Target } from './load.js';
import { measureProductSearch } from './product-search.js';
import { latencyRow, statementPlanReport } from './report.js';
import { COLLIDE_EVERY, measureReservationBooking } from './reservation-booking.js';

/** The back office stages' settings. */
export interface BackOfficeSettings {
  /** Products of the searched business (BENCH_PRODUCTS). */
  readonly products: number;
  /** Searches and barcode lookups per second (BENCH_PRODUCT_RATE). */
  readonly productRate: number;
  /** createReservation calls per second (BENCH_RESERVATION_RATE). */
  readonly reservationRate: number;
  /** Seconds measured, each stage. */
  readonly duration: number;
  /** Seconds of warm-up at the same rate, each stage. */
  readonly warmup: number;
}

/** Product search at `productRate` for `duration` s after `warmup` s, then EXPLAIN of its statements. */
export async function productSearchStage(
  service: Target,
  databaseUrl: string,
  settings: BackOfficeSettings,
  say: (line: string) => void,
): Promise<void> {
  const { duration, warmup } = settings;
  const result = await measureProductSearch(service, databaseUrl, {
    products: settings.products,
    rate: settings.productRate,
    duration,
    warmup,
  });
  say(
    `\nProduct search (POST /graphql, a business token with store.products.read; products(search:, first: 20) over a rotation of Japanese terms, every 5th a productByBarcode; ${result.products} products of the business and ${Math.ceil(result.products / 5)} of another loaded by SQL in ${result.loadSeconds.toFixed(1)} s; evenly spaced arrivals from a fresh process, latency from each one's due time, after ${warmup} s of warm-up):`,
  );
  say(latencyRow(result.row));
  say(`  service CPU ${result.serviceCpuMsPerRequest.toFixed(2)} ms per request`);
  say(
    `  checked every answer: ${result.check.searches} searches (${result.check.nodes} products listed), ${result.check.barcodes} barcodes found, no errors`,
  );
  say(
    '  EXPLAIN (ANALYZE, BUFFERS) of page 1 (21 rows asked) as ProductService issues it, per term, and the barcode lookup:',
  );
  say(statementPlanReport(result.plans));
}

/** Reservation booking at `reservationRate` for `duration` s after `warmup` s, then the database check. */
export async function reservationBookingStage(
  service: Target,
  databaseUrl: string,
  settings: BackOfficeSettings,
  say: (line: string) => void,
): Promise<void> {
  const { duration, warmup } = settings;
  const result = await measureReservationBooking(service, databaseUrl, {
    rate: settings.reservationRate,
    duration,
    warmup,
  });
  say(
    `\nReservation booking (POST /graphql createReservation, a business token with store.reservations.write; 20 tables of 30-minute slots, open 10:00-22:00; distinct free slots, every ${COLLIDE_EVERY}th request for the slot of the one before it; evenly spaced arrivals from a fresh process, latency from each one's due time, after ${warmup} s of warm-up):`,
  );
  say(latencyRow(result.row));
  say(`  service CPU ${result.serviceCpuMsPerRequest.toFixed(2)} ms per request`);
  const { check } = result;
  say(
    `  checked (warm-up included): ${check.booked} booked, ${check.conflicts} CONFLICT slot_taken (${result.contended} slots contended in the measured run, each booked once); ${check.rows} rows, ${check.rowsOfSuccesses} of them the successes' ids; overlapping holding reservations of a resource: ${check.overlaps}`,
  );
}
