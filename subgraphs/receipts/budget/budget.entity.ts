import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Bounds of a budget (DECISIONS: Budget), checked by the service. */
export const BUDGET_LIMITS = {
  year: { min: 2000, max: 2100 },
  month: { min: 1, max: 12 },
  amount: { min: 0, max: 100_000_000 },
} as const;

/**
 * A consumer's spending budget for one calendar month, in yen. Not a GraphQL type: callers see the
 * effective budget of a month ({@link EffectiveBudget}), which may come from an earlier month's row.
 */
@Entity({ tableName: 'budget' })
@Unique({ properties: ['userId', 'year', 'month'] })
export class Budget extends BaseEntity {
  /** The user (identity's `user_account`; a database-only foreign key, deleted with the account row). */
  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'integer' })
  year!: number;

  @Property({ type: 'integer' })
  month!: number;

  /** Yen (JPY has no minor unit). */
  @Property({ type: 'integer' })
  amount!: number;
}
