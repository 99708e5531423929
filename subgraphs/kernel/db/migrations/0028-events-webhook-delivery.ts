import { Migration } from '@mikro-orm/migrations';
import { OUTBOX_NOTIFY_BODY } from '../../events/outbox-event.entity.js';

/**
 * Events: the outbox gains its publish order and a wake-up signal, and outbound webhooks gain
 * deliveries (one event to one endpoint, retried on Svix's schedule) and the record of every attempt.
 *
 * - `outbox_event.publish_seq`: assigned from `outbox_event_publish_seq` when the dispatcher publishes
 *   an event (one publisher at a time), so live subscribers and resuming clients see one order.
 * - A statement trigger (`notify`) NOTIFYs channel `outbox_event` after rows are inserted: a dispatcher LISTENing
 *   wakes at once (the notification is sent when the writing transaction commits).
 * - `webhook_endpoint`: the previous secret during a rotation's overlap window, and the failing and
 *   disabled bookkeeping (410 disables, 5 days failing disables).
 * - `webhook_delivery`: pending until a 2xx (succeeded), the schedule runs out (failed) or its endpoint
 *   is disabled (cancelled); claimed by a worker with FOR UPDATE SKIP LOCKED and a lease.
 * - `webhook_attempt`: one row per HTTP attempt, test calls included.
 */
export class Migration0028EventsWebhookDelivery extends Migration {
  override up(): void {
    this.addSql('alter table "outbox_event" add column "publish_seq" bigint null;');
    this.addSql('create sequence "outbox_event_publish_seq";');
    this.addSql(
      'create unique index "outbox_event_publish_seq_idx" on "outbox_event" ("publish_seq") where "publish_seq" is not null;',
    );
    this.addSql(
      'create index "outbox_event_business_seq_idx" on "outbox_event" ("business_account_id", "publish_seq") where "publish_seq" is not null;',
    );
    // Declared on the entity (@Trigger) with the same body, so the schema diff knows it.
    this.addSql(
      `create or replace function "outbox_event_notify_fn"() returns trigger as $$ begin ${OUTBOX_NOTIFY_BODY} end; $$ language plpgsql;`,
    );
    this.addSql(
      'create trigger "notify" after insert on "outbox_event" for each statement execute function "outbox_event_notify_fn"();',
    );

    this.addSql(`alter table "webhook_endpoint"
      add column "previous_secret_ciphertext" varchar(1024) null,
      add column "previous_secret_expires_at" timestamptz null,
      add column "failing_since" timestamptz null,
      add column "disabled_at" timestamptz null,
      add column "disabled_reason" varchar(32) null;`);

    this.addSql(`create table "webhook_delivery" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "event_id" uuid not null references "outbox_event" ("id") on delete cascade,
      "endpoint_id" uuid not null references "webhook_endpoint" ("id") on delete cascade,
      "status" varchar(16) not null default 'pending',
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null,
      "lease_until" timestamptz null,
      "last_attempt_at" timestamptz null,
      "last_response_status" int null
    );`);
    this.addSql(
      'alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_event_id_unique" unique ("endpoint_id", "event_id");',
    );
    this.addSql('create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id");');
    this.addSql(
      `create index "webhook_delivery_due_idx" on "webhook_delivery" ("next_attempt_at") where "status" = 'pending';`,
    );

    this.addSql(`create table "webhook_attempt" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "endpoint_id" uuid not null references "webhook_endpoint" ("id") on delete cascade,
      "delivery_id" uuid null references "webhook_delivery" ("id") on delete cascade,
      "event_id" uuid not null,
      "event_type" varchar(64) not null,
      "attempt" int not null,
      "trigger" varchar(16) not null,
      "attempted_at" timestamptz not null,
      "response_status" int null,
      "latency_ms" int not null,
      "response_excerpt" varchar(1024) null,
      "error" varchar(64) null
    );`);
    this.addSql(
      'create index "webhook_attempt_endpoint_id_attempted_at_index" on "webhook_attempt" ("endpoint_id", "attempted_at");',
    );
    this.addSql('create index "webhook_attempt_delivery_id_index" on "webhook_attempt" ("delivery_id");');
  }
}
