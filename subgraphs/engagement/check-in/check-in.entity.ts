import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * One check-in of a consumer at a store, for a check-in campaign. `localDate` is the store-local day
 * (in the store's time zone) of `checkedInAt`; `countsOnce` copies the campaign's rule when the row is
 * written: the rows that count once are unique per (user, store, local day) by a partial unique index.
 */
@ObjectType('CheckIn', { description: 'One check-in of the caller at a store.' })
@Entity({ tableName: 'check_in' })
// The user's check-ins, newest first, ties by id: migration 0032.
@Index({ properties: ['userId', 'checkedInAt', 'id'] })
@Index({ properties: ['campaignId', 'localDate'] })
@Index({ properties: ['storeId', 'localDate'] })
// Hand-written in migration 0023 (partial unique index); declared by name so the schema diff knows it.
@Index({
  name: 'check_in_once_per_day_unique',
  expression:
    'create unique index "check_in_once_per_day_unique" on "check_in" ("user_id", "store_id", "local_date") where "counts_once"',
})
export class CheckIn extends BaseEntity {
  /** Foreign key to check_in_campaign (enforced by the database). */
  @Property({ type: 'uuid' })
  campaignId!: string;

  /** Foreign key to identity's user_account. */
  @Property({ type: 'uuid' })
  userId!: string;

  /** Foreign key to the stores subgraph's store: the campaign's store at the time of the check-in. */
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the check-in was recorded (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  checkedInAt!: Date;

  @Field(() => String, { description: 'The store-local day of the check-in (YYYY-MM-DD, in the store’s time zone).' })
  @Property({ type: 'date', columnType: 'date' })
  localDate!: string;

  /** Whether the row counts against one check-in per user, store and local day (the campaign's rule). */
  @Property({ type: 'boolean', default: true })
  countsOnce!: boolean;
}
