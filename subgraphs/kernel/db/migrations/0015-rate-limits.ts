import { Migration } from '@mikro-orm/migrations';

/**
 * kernel: the rate-limit counters, shared by every gateway instance when
 * no REDIS_URL is set. The columns are those rate-limiter-flexible's PostgreSQL store reads and writes
 * (`key` = policy prefix and a digest of the client IP and arguments, `points` used in the window,
 * `expire` the window's end in epoch milliseconds); the store is told the table exists, so it never
 * runs DDL itself. The index serves the periodic deletion of expired rows.
 */
export class Migration0015RateLimits extends Migration {
  override up(): void {
    this.addSql(`create table "rate_limit" (
      "key" varchar(255) not null primary key,
      "points" integer not null default 0,
      "expire" bigint null
    );`);
    this.addSql('create index "rate_limit_expire_index" on "rate_limit" ("expire");');
  }
}
