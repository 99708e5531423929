import { Migration } from '@mikro-orm/migrations';

/**
 * kernel: the rate-limit counters become an UNLOGGED table. A counter lives for one window (seconds to
 * minutes) and guards nothing a client was promised, so it need not survive a crash of the database
 * (PostgreSQL empties an unlogged table in crash recovery, which only forgives the current windows).
 * In exchange each counted request writes no WAL and waits for no WAL flush: on the receipt hot paths
 * (last-receipt, terminal claim) the counter's commit was a second synchronous disk flush per request,
 * beside the claim's own.
 */
export class Migration0021RateLimitsUnlogged extends Migration {
  override up(): void {
    this.addSql('alter table "rate_limit" set unlogged;');
  }
}
