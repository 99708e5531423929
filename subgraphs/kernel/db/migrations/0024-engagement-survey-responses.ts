import { Migration } from '@mikro-orm/migrations';

/**
 * engagement: survey responses, and the campaign's one-response-per-respondent rule (default on). A
 * response goes with its campaign; a user's responses go with the user (anonymous ones keep only the
 * device id). `respondent_key` is set while the rule holds: the unique index then admits one
 * response per user or device and campaign (the insert says ON CONFLICT DO NOTHING).
 */
export class Migration0024EngagementSurveyResponses extends Migration {
  override up(): void {
    this.addSql(`alter table "survey_campaign" add column "one_per_respondent" boolean not null default true;`);
    this.addSql(`create table "survey_response" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "campaign_id" uuid not null references "survey_campaign" ("id") on update cascade on delete cascade,
      "user_id" uuid null references "user_account" ("id") on update cascade on delete cascade,
      "device_id" varchar(128) null,
      "respondent_key" varchar(200) null,
      "answers" jsonb not null,
      "submitted_at" timestamptz not null
    );`);
    this.addSql(
      'alter table "survey_response" add constraint "survey_response_campaign_id_respondent_key_unique" unique ("campaign_id", "respondent_key");',
    );
    this.addSql(
      'create index "survey_response_user_id_submitted_at_index" on "survey_response" ("user_id", "submitted_at");',
    );
  }
}
