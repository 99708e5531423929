import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * How far a consumer of the outbox has read (migration 0040): the `publish_seq` of the last published
 * event it handled. Advanced in the transaction that handles the events, so an event's effects and
 * the cursor moving past it commit together.
 */
@Entity({ tableName: 'outbox_consumer_cursor' })
export class OutboxConsumerCursor {
  /** The consumer's name (its job's name, e.g. `stores.stock-postings`). */
  @PrimaryKey({ type: 'string', length: 64 })
  consumer!: string;

  /** The last handled event's `publish_seq` (a bigint as a decimal string); 0 before the first. */
  @Property({ type: 'bigint' })
  lastSeq!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  updatedAt!: Date;
}
