import { Migration } from '@mikro-orm/migrations';

/**
 * engagement: survey results read a campaign's responses by submission time (a date range, the CSV
 * export oldest first, the free-text answers newest first, paged by time and id).
 */
export class Migration0025EngagementSurveyResults extends Migration {
  override up(): void {
    this.addSql(
      'create index "survey_response_campaign_id_submitted_at_index" on "survey_response" ("campaign_id", "submitted_at");',
    );
  }
}
