import { Migration } from '@mikro-orm/migrations';

/**
 * engagement: a delivery remembers why its next attempt is made, so the attempt after a business
 * re-sends an event is recorded as `manual` (the attempts after it, retries on the schedule, as
 * `scheduled`).
 */
export class Migration0030EngagementWebhookResendTrigger extends Migration {
  override up(): void {
    this.addSql(`alter table "webhook_delivery" add column "next_trigger" varchar(16) not null default 'scheduled';`);
  }
}
