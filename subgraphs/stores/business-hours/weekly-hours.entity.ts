import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import type { HoursInterval } from './business-hours.js';

/**
 * A store's regular opening intervals on one ISO weekday (1 = Monday .. 7 = Sunday), in the store's
 * local time, sorted by opening time. A weekday without a row, or with no intervals, is closed.
 */
@Entity({ tableName: 'store_weekly_hours' })
@Unique({ properties: ['storeId', 'weekday'] })
export class StoreWeeklyHours extends BaseEntity {
  /** The store (a database-only foreign key, deleted with the store). */
  @Property({ type: 'uuid' })
  storeId!: string;

  @Property({ type: 'smallint' })
  weekday!: number;

  /** `[{opens: "HH:MM", closes: "HH:MM"}]`, at most four. */
  @Property({ type: 'json' })
  intervals!: HoursInterval[];
}
