import { Migration } from '@mikro-orm/migrations';

/**
 * engagement: check-in and survey campaigns share one set of columns (engagement/campaign/
 * campaign.entity.ts). Both gain the business that runs them (from their store's business); survey
 * campaigns gain a description, a window and the on/off switch check-in campaigns had, and their store
 * becomes optional (a survey may be for any store of its business).
 */
export class Migration0022EngagementCampaigns extends Migration {
  override up(): void {
    for (const table of ['check_in_campaign', 'survey_campaign']) {
      this.addSql(
        `alter table "${table}" add column "business_account_id" uuid null references "business_account" ("id") on update cascade;`,
      );
      this.addSql(
        `update "${table}" set "business_account_id" = (select "business_account_id" from "store" where "store"."id" = "${table}"."store_id");`,
      );
      this.addSql(`alter table "${table}" alter column "business_account_id" set not null;`);
      this.addSql(`create index "${table}_business_account_id_index" on "${table}" ("business_account_id");`);
    }
    this.addSql(`alter table "survey_campaign"
      add column "description" text null,
      add column "starts_at" timestamptz null,
      add column "ends_at" timestamptz null,
      add column "is_active" boolean not null default true,
      alter column "store_id" drop not null;`);
  }
}
