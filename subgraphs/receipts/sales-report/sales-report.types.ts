import { ArgsType, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { StoreRef } from '../store.types.js';
import { SalesGranularity } from './sales-calendar.js';

/** The arguments every sales report takes. */
@ArgsType()
export class SalesReportArgs {
  @Field(() => String, { description: 'First day, YYYY-MM-DD in Asia/Tokyo (widened to the start of its period).' })
  from!: string;

  @Field(() => String, {
    description: 'Last day, inclusive, YYYY-MM-DD in Asia/Tokyo (widened to the end of its period).',
  })
  to!: string;

  @Field(() => SalesGranularity, {
    defaultValue: SalesGranularity.day,
    description: 'day (at most 400), week (ISO, from Monday; at most 106) or month (at most 36).',
  })
  granularity!: SalesGranularity;

  @Field(() => ID, {
    nullable: true,
    description: 'One store of the business; all of its stores when absent. Another business’s store is NOT_FOUND.',
  })
  storeId?: string | null;

  @Field(() => String, {
    defaultValue: 'JPY',
    description: 'ISO 4217 code: only sales in this currency are counted (amounts are never converted).',
  })
  currency!: string;
}

/** The figures of a set of sales. */
@ObjectType('SalesFigures', { description: 'Revenue, transactions and basket size of a set of sales.' })
export class SalesFigures {
  @Field(() => Float, { description: 'Revenue: the sum of the sales’ totals, tax included, in minor units.' })
  revenue!: number;

  @Field(() => Int, { description: 'Sales counted (transactions): each sale once, see the report’s description.' })
  transactions!: number;

  @Field(() => Float, {
    description: 'Units sold: quantities of lines priced zero or more (discount lines are no item).',
  })
  units!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'Basket size: revenue per transaction, in minor units (2 decimals); null without sales.',
  })
  averageBasketAmount!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Basket size: units per transaction (2 decimals); null without sales.',
  })
  itemsPerTransaction!: number | null;
}

/** One period of a report, of one store or of all. */
@ObjectType('SalesPeriod', { description: 'The sales of one period (of one store when the report is by store).' })
export class SalesPeriod extends SalesFigures {
  @Field(() => String, { description: 'First day of the period, YYYY-MM-DD (Asia/Tokyo).' })
  start!: string;

  @Field(() => String, { description: 'Last day of the period, inclusive, YYYY-MM-DD (Asia/Tokyo).' })
  end!: string;

  @Field(() => StoreRef, { nullable: true, description: 'The store, when the report is by store; else null.' })
  store!: StoreRef | null;
}

/** A sales report. */
@ObjectType('SalesReport', {
  description:
    'Sales of a business per period, in Asia/Tokyo. A sale is a paid, fulfilled or closed order (a till sale, a storefront order or one entered by staff), or a till transaction that no order describes; a till sale is never counted twice (docs/decisions/0018).',
})
export class SalesReport {
  @Field(() => String, { description: 'Always Asia/Tokyo.' })
  timeZone!: string;

  @Field(() => SalesGranularity, { description: 'The periods’ length.' })
  granularity!: SalesGranularity;

  @Field(() => String, { description: 'First day of the first period, YYYY-MM-DD.' })
  from!: string;

  @Field(() => String, { description: 'Last day of the last period, YYYY-MM-DD.' })
  to!: string;

  @Field(() => String, { description: 'The currency of the amounts.' })
  currency!: string;

  @Field(() => StoreRef, { nullable: true, description: 'The store reported on; null for all of the business’s.' })
  store!: StoreRef | null;

  @Field(() => SalesFigures, { description: 'The whole range.' })
  totals!: SalesFigures;

  @Field(() => [SalesPeriod], {
    description:
      'Every period of the range in order, zeros included; by store: one row per store and period with sales, by period then store id.',
  })
  periods!: SalesPeriod[];
}

/** One product of a period's top list. */
@ObjectType('SalesProduct', {
  description: 'A product’s sales in a period (a product: its SKU, else its name as sold).',
})
export class SalesProduct {
  @Field(() => Int, { description: 'Rank in the period, from 1: by units, then revenue, then key.' })
  rank!: number;

  @Field(() => String, { description: 'The SKU, or the name as sold when the line had no SKU.' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'The SKU, when the lines had one.' })
  sku!: string | null;

  @Field(() => String, { description: 'A name it was sold under.' })
  name!: string;

  @Field(() => Float, { description: 'Units sold.' })
  units!: number;

  @Field(() => Float, { description: 'Revenue of its lines, tax included, before discount lines, in minor units.' })
  revenue!: number;
}

/** The top products of one period. */
@ObjectType('SalesProductPeriod', { description: 'The top products of one period.' })
export class SalesProductPeriod {
  @Field(() => String, { description: 'First day of the period, YYYY-MM-DD (Asia/Tokyo).' })
  start!: string;

  @Field(() => String, { description: 'Last day of the period, inclusive, YYYY-MM-DD (Asia/Tokyo).' })
  end!: string;

  @Field(() => [SalesProduct], { description: 'At most `top` products, best first; empty without sales.' })
  products!: SalesProduct[];
}

/** Top products per period. */
@ObjectType('SalesProductReport', {
  description: 'The best-selling products per period, from the same sales as SalesReport.',
})
export class SalesProductReport {
  @Field(() => SalesGranularity, { description: 'The periods’ length.' })
  granularity!: SalesGranularity;

  @Field(() => String, { description: 'First day of the first period, YYYY-MM-DD.' })
  from!: string;

  @Field(() => String, { description: 'Last day of the last period, YYYY-MM-DD.' })
  to!: string;

  @Field(() => [SalesProductPeriod], { description: 'Every period of the range, in order.' })
  periods!: SalesProductPeriod[];
}

/** A report as a CSV file (the shape of the survey and check-in exports). */
@ObjectType('SalesReportCsv', {
  description:
    'A sales report as CSV (RFC 4180, CRLF, UTF-8 with a byte order mark; text a spreadsheet would run as a formula starts with an apostrophe).',
})
export class SalesReportCsv {
  @Field(() => String, { description: 'A file name for saving it.' })
  filename!: string;

  @Field(() => String, { description: 'Always text/csv; charset=utf-8.' })
  contentType!: string;

  @Field(() => Int, { description: 'Data rows in `content` (the header row not counted).' })
  rowCount!: number;

  @Field(() => Boolean, { description: 'Whether rows were left out (never: a report is bounded by its range).' })
  truncated!: boolean;

  @Field(() => String, { description: 'The document.' })
  content!: string;
}
