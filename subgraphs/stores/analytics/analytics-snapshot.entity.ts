import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The figures of one store on one closed Asia/Tokyo day (migration 0044), written by the
 * analytics-snapshots job and recomputed by an idempotent upsert on (store, day). Counts only: no
 * person is named. The people counts (`receiptClaimers`, `checkInUsers`, `surveyRespondents`) are kept
 * so that the read can suppress small groups (kernel/privacy/min-group.ts). `storeId` is a
 * database-only foreign key to store (the rows go with the store).
 */
@Entity({ tableName: 'analytics_snapshot' })
export class AnalyticsSnapshotRow {
  @PrimaryKey({ type: 'uuid' })
  storeId!: string;

  /** The Asia/Tokyo date, YYYY-MM-DD. */
  @PrimaryKey({ type: 'date' })
  day!: string;

  /** Transactions of the store that occurred on the day. */
  @Property({ type: 'integer' })
  receiptsIssued!: number;

  /** Of those, the ones claimed at least once before the day ended. */
  @Property({ type: 'integer' })
  receiptsClaimed!: number;

  /** Distinct signed-in users behind those claims (anonymous claims name nobody). */
  @Property({ type: 'integer' })
  receiptClaimers!: number;

  @Property({ type: 'integer' })
  checkIns!: number;

  @Property({ type: 'integer' })
  checkInUsers!: number;

  /** Responses to the store's survey campaigns submitted on the day. */
  @Property({ type: 'integer' })
  surveyResponses!: number;

  @Property({ type: 'integer' })
  surveyRespondents!: number;

  @Property({ type: 'integer' })
  couponViews!: number;

  /** Coupons used on the day's sales; null in snapshots stored before coupon uses were recorded (0047). */
  @Property({ type: 'integer', nullable: true })
  couponUses?: number | null;

  @Property({ type: 'integer' })
  flyerViews!: number;

  @Property({ type: 'integer' })
  postViews!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  computedAt!: Date;
}

/** A closed Tokyo day the job has computed for every store (so that it computes each day once). */
@Entity({ tableName: 'analytics_closed_day' })
export class AnalyticsClosedDay {
  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  computedAt!: Date;

  /** How many store rows the computation wrote. */
  @Property({ type: 'integer' })
  stores!: number;
}
