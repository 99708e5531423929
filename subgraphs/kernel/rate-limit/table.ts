/**
 * The table of migration 0015: the PostgreSQL store's counters. No entity maps it (rate-limiter-flexible
 * reads and writes it), so the ORM's schema tools skip it (db/orm.ts).
 */
export const RATE_LIMIT_TABLE = 'rate_limit';
