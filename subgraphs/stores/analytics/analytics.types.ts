import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';

const PEOPLE = (group: string) =>
  `Null (suppressed) when fewer than MIN_GROUP_SIZE (5) distinct ${group} are behind it, unless the caller holds crm.profiles.read.`;

/**
 * One store's figures of one Asia/Tokyo day: a stored snapshot of a closed day, or today's counted
 * live (`partial`). Figures that count people are suppressed for small groups (min-group.ts).
 */
@ObjectType('AnalyticsSnapshot', {
  description:
    'A store’s figures of one Asia/Tokyo day: stored after the day closed, or today’s counted live (partial). ' +
    'Every figure counts rows whose instant falls on the day.',
})
export class AnalyticsSnapshot {
  @Field(() => ID, { description: 'The store.' })
  storeId!: string;

  @Field(() => String, { description: 'The Asia/Tokyo date, YYYY-MM-DD.' })
  day!: string;

  @Field(() => Boolean, {
    description: 'True for today: counted live at computedAt, the day still open; false for a stored closed day.',
  })
  partial!: boolean;

  @Field(() => GraphQLDateTimeISO, { description: 'When the figures were counted (RFC 3339, UTC).' })
  computedAt!: Date;

  @Field(() => Boolean, { description: 'Whether any figure of this day is suppressed (null) for a small group.' })
  suppressed!: boolean;

  @Field(() => Int, { description: 'Receipts (transactions) the store issued on the day.' })
  receiptsIssued!: number;

  @Field(() => Int, {
    nullable: true,
    description: `Of those, the ones claimed at least once the same day. ${PEOPLE('signed-in claimers')}`,
  })
  receiptsClaimed!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Distinct signed-in users who claimed them (anonymous claims name nobody). ${PEOPLE('claimers')}`,
  })
  receiptClaimers!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: `receiptsClaimed / receiptsIssued, 0 to 1; null with no receipt issued. ${PEOPLE('signed-in claimers')}`,
  })
  claimRate!: number | null;

  @Field(() => Int, { nullable: true, description: `Check-ins at the store on the day. ${PEOPLE('users')}` })
  checkIns!: number | null;

  @Field(() => Int, { nullable: true, description: `Distinct users who checked in. ${PEOPLE('users')}` })
  checkInUsers!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Responses to the store’s survey campaigns submitted on the day. ${PEOPLE('respondents')}`,
  })
  surveyResponses!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Distinct respondents (a user, a device, or one anonymous response). ${PEOPLE('respondents')}`,
  })
  surveyRespondents!: number | null;

  @Field(() => Int, {
    description: 'Views of the store’s coupons (a viewer counts once per coupon and day; not people).',
  })
  couponViews!: number;

  @Field(() => Int, {
    nullable: true,
    description:
      'Coupon uses: coupons recorded on the day’s sales at the store (recordTransaction couponIds); null only in snapshots stored before uses were recorded.',
  })
  couponUses!: number | null;

  @Field(() => Int, {
    description: 'Views of the store’s flyers (a viewer counts once per flyer and day; not people).',
  })
  flyerViews!: number;

  @Field(() => Int, {
    description:
      'Views of posts counted for this store (a post read names a store of its app, or the app’s main store); a viewer counts once per post and day.',
  })
  postViews!: number;
}

/** A page of a store's closed-day snapshots (Relay), oldest day first. */
export const AnalyticsSnapshotConnection = connectionType(
  'AnalyticsSnapshot',
  AnalyticsSnapshot,
  'A page of a store’s stored snapshots of closed days, oldest day first.',
);
export type AnalyticsSnapshotConnection = InstanceType<typeof AnalyticsSnapshotConnection>;
