import { Migration } from '@mikro-orm/migrations';

/**
 * engagement: a webhook endpoint remembers the OAuth app whose token registered it
 * (`oauth_client.id`), so it receives only the event types that app's live grants for the business
 * hold the scope of, and is disabled when the last of them ends. Endpoints registered before this
 * column existed keep null: like the operator's, they are tied to no app. A plain uuid, no foreign
 * key: an app's deletion must leave the endpoint to be disabled, not to lose what tied it.
 */
export class Migration0049EngagementWebhookEndpointApp extends Migration {
  override up(): void {
    this.addSql('alter table "webhook_endpoint" add column "oauth_client_id" uuid null;');
    this.addSql('create index "webhook_endpoint_oauth_client_id_index" on "webhook_endpoint" ("oauth_client_id");');
  }
}
