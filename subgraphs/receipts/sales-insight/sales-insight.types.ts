import { Field, Float, Int, ObjectType } from 'type-graphql';
import { SalesFigures } from '../sales-report/sales-report.types.js';
import { StoreRef } from '../store.types.js';

/** Two weeks side by side. */
@ObjectType('SalesWeekOverWeek', {
  description: 'The 7 days ending asOf against the 7 days before them (Asia/Tokyo).',
})
export class SalesWeekOverWeek {
  @Field(() => String, { description: 'First day of the current week, YYYY-MM-DD.' })
  currentFrom!: string;

  @Field(() => SalesFigures, { description: 'The 7 days ending asOf.' })
  current!: SalesFigures;

  @Field(() => String, { description: 'First day of the previous week, YYYY-MM-DD.' })
  previousFrom!: string;

  @Field(() => SalesFigures, { description: 'The 7 days before them.' })
  previous!: SalesFigures;

  @Field(() => Float, {
    nullable: true,
    description: 'Revenue change, current / previous − 1 (0.1 = +10 %); null when the previous week had none.',
  })
  revenueChange!: number | null;

  @Field(() => Float, { nullable: true, description: 'Change of transactions, as revenueChange.' })
  transactionsChange!: number | null;

  @Field(() => Float, { nullable: true, description: 'Change of the average basket amount, as revenueChange.' })
  averageBasketChange!: number | null;
}

/** A day whose revenue is far from its recent days. */
@ObjectType('SalesAnomaly', {
  description:
    'A day whose revenue is an outlier against the 28 days before it, its weekday’s usual level taken out: residual = revenue − median of the same weekday in those days; robust z-score 0.6745 × (residual − median residual) / MAD of the residuals, flagged when |z| > 3.5 (Iglewicz and Hoaglin).',
})
export class SalesAnomaly {
  @Field(() => String, { description: 'The day, YYYY-MM-DD (Asia/Tokyo).' })
  date!: string;

  @Field(() => Float, { description: 'Its revenue, in minor units.' })
  revenue!: number;

  @Field(() => Float, {
    description: 'The usual revenue of its weekday: the median of the same weekday in the 28 days before.',
  })
  median!: number;

  @Field(() => Float, {
    description: 'Median absolute deviation of those 28 days’ residuals (revenue − their weekday’s median).',
  })
  mad!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'The robust z-score; null when infinite (the days before it were all alike).',
  })
  score!: number | null;

  @Field(() => String, { description: 'high or low.' })
  direction!: string;
}

/** One forecast day. */
@ObjectType('SalesForecastDay', { description: 'Forecast revenue of one day.' })
export class SalesForecastDay {
  @Field(() => String, { description: 'The day, YYYY-MM-DD (Asia/Tokyo).' })
  date!: string;

  @Field(() => Float, { description: 'Forecast revenue, in minor units (never below 0).' })
  revenue!: number;
}

/** How far off the model was on days it did not see. */
@ObjectType('SalesForecastError', {
  description: 'The model fitted without the last 14 days of history, forecasting them, against what was sold.',
})
export class SalesForecastError {
  @Field(() => Int, { description: 'Held-back days (14).' })
  days!: number;

  @Field(() => String, { description: 'First held-back day, YYYY-MM-DD.' })
  from!: string;

  @Field(() => Float, { description: 'Mean absolute error, in minor units.' })
  mae!: number;

  @Field(() => Float, {
    nullable: true,
    description:
      'Mean absolute percentage error, in percent, over held-back days with revenue; null when none had any.',
  })
  mape!: number | null;

  @Field(() => [SalesForecastDay], { description: 'What the model forecast for the held-back days.' })
  forecast!: SalesForecastDay[];

  @Field(() => [SalesForecastDay], { description: 'What was sold on them.' })
  actual!: SalesForecastDay[];
}

/** A store's revenue forecast. */
@ObjectType('SalesForecast', {
  description: 'The next 14 days’ revenue of a store, with the model’s error on held-back days.',
})
export class SalesForecast {
  @Field(() => String, { description: 'The statistical method.' })
  method!: string;

  @Field(() => Int, { description: 'Days of history used (from the store’s first sale in the last 182 days to asOf).' })
  historyDays!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'Why there is no forecast: insufficient_history (fewer than 35 days: 21 to fit the weekly model, 14 held back) or model_failed; null when there is one.',
  })
  unavailableReason!: string | null;

  @Field(() => [SalesForecastDay], { description: 'The 14 days after asOf; empty when unavailable.' })
  days!: SalesForecastDay[];

  @Field(() => SalesForecastError, {
    nullable: true,
    description: 'The error on held-back days; null when unavailable.',
  })
  error!: SalesForecastError | null;
}

/** What the sales of a store say. */
@ObjectType('SalesInsights', {
  description: 'Week-over-week change, anomalous days and a revenue forecast of a store.',
})
export class SalesInsights {
  @Field(() => StoreRef, { description: 'The store.' })
  store!: StoreRef;

  @Field(() => String, { description: 'The last day looked at, YYYY-MM-DD (Asia/Tokyo).' })
  asOf!: string;

  @Field(() => String, { description: 'The currency of the amounts.' })
  currency!: string;

  @Field(() => SalesWeekOverWeek, { description: 'This week against the one before.' })
  weekOverWeek!: SalesWeekOverWeek;

  @Field(() => [SalesAnomaly], { description: 'Anomalous days among the 90 ending asOf, oldest first.' })
  anomalies!: SalesAnomaly[];

  @Field(() => SalesForecast, { description: 'The next 14 days.' })
  forecast!: SalesForecast;
}
