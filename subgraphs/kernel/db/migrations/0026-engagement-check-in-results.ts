import { Migration } from '@mikro-orm/migrations';

/**
 * engagement: check-in results count a campaign's or a store's check-ins by store-local day, so their
 * indexes carry the day after the campaign or the store (each replaces the single-column one, whose
 * lookups it still serves).
 */
export class Migration0026EngagementCheckInResults extends Migration {
  override up(): void {
    this.addSql('create index "check_in_campaign_id_local_date_index" on "check_in" ("campaign_id", "local_date");');
    this.addSql('create index "check_in_store_id_local_date_index" on "check_in" ("store_id", "local_date");');
    this.addSql('drop index "check_in_campaign_id_index";');
    this.addSql('drop index "check_in_store_id_index";');
  }
}
