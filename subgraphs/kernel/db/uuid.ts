import { randomBytes } from 'node:crypto';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 42 counter bits (rand_a's 12 and the top 30 of rand_b), RFC 9562 section 6.2, method 1. */
const COUNTER_BITS = 42;
const COUNTER_LIMIT = 2 ** COUNTER_BITS;
/** A new millisecond's counter starts at a random value below half the range, leaving room to count. */
const COUNTER_SEED_LIMIT = 2 ** (COUNTER_BITS - 1);

let lastMs = -1;
let counter = 0;

/**
 * A UUIDv7 (RFC 9562): 48-bit Unix milliseconds, a 42-bit counter, 32 random bits. Ids this process
 * makes for the present sort in the order they were made, also within one millisecond: the counter
 * starts at a random value below 2^41 each millisecond and counts up while the millisecond lasts
 * (section 6.2, method 1; no process makes 2^41 ids in one millisecond). An id for an explicit time
 * `at` (an attempt's recorded time, a test clock) has that timestamp and a random counter, and leaves
 * the present's sequence alone.
 */
export function uuidv7(at?: number): string {
  let ms: number;
  let count: number;
  if (at !== undefined) {
    ms = at;
    count = randomCounter();
  } else {
    ms = Date.now();
    if (ms === lastMs && counter + 1 < COUNTER_LIMIT) {
      count = counter += 1;
    } else if (ms > lastMs) {
      lastMs = ms;
      count = counter = randomCounter();
    } else {
      // The clock went back (or the counter ran out): keep counting on the last millisecond.
      ms = lastMs;
      count = counter = counter + 1 < COUNTER_LIMIT ? counter + 1 : randomCounter();
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  const high = Math.floor(count / 2 ** 24); // the counter's top 18 bits
  const low = count % 2 ** 24; // its low 24 bits
  bytes[6] = 0x70 | (high >>> 14);
  bytes[7] = (high >>> 6) & 0xff;
  bytes[8] = 0x80 | (high & 0x3f);
  bytes.writeUIntBE(low, 9, 3);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function randomCounter(): number {
  return randomBytes(6).readUIntBE(0, 6) % COUNTER_SEED_LIMIT;
}

/** True when `value` has the textual shape of a UUID (any version); checked before it reaches SQL. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
