import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import type { HoursInterval } from './business-hours.js';

/** Bounds of a special day's note. */
export const SPECIAL_DAY_NOTE_MAX = 100;

/**
 * A store-local date whose hours replace that weekday's regular hours: closed, or its own intervals.
 * One per store and date.
 */
@Entity({ tableName: 'store_special_day' })
@Unique({ properties: ['storeId', 'date'] })
export class StoreSpecialDay extends BaseEntity {
  /** The store (a database-only foreign key, deleted with the store). */
  @Property({ type: 'uuid' })
  storeId!: string;

  /** Store-local calendar date, YYYY-MM-DD. */
  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'boolean' })
  closed!: boolean;

  /** Empty when closed; otherwise one to four intervals sorted by opening time. */
  @Property({ type: 'json' })
  intervals!: HoursInterval[];

  /** Why, e.g. 年末年始. */
  @Property({ type: 'string', length: SPECIAL_DAY_NOTE_MAX, nullable: true })
  note?: string | null;
}
