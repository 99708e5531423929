import { Arg, Args, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { ReceiptsContext } from '../context.js';
import { MAX_TOP } from './sales-report.service.js';
import { SalesProductReport, SalesReport, SalesReportArgs, SalesReportCsv } from './sales-report.types.js';

const WHO =
  'A business token with sales.read (its own stores only: another business’s store is NOT_FOUND store_not_found). Bad dates, a range over the granularity’s limit or a bad currency are BAD_USER_INPUT.';
const BY_STORE = { defaultValue: false, description: 'One row per store and period instead of one per period.' };

@Resolver()
export class SalesReportResolver {
  @Query(() => SalesReport, {
    description: `Revenue, transactions and basket size per day, week or month (Asia/Tokyo), of one store or all. ${WHO}`,
  })
  salesReport(
    @Args(() => SalesReportArgs) args: SalesReportArgs,
    @Arg('byStore', () => Boolean, BY_STORE) byStore: boolean,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<SalesReport> {
    return ctx.salesReports.report(args, byStore);
  }

  @Query(() => SalesProductReport, {
    description: `The best-selling products (by units) of each day, week or month, of one store or all. ${WHO}`,
  })
  salesTopProducts(
    @Args(() => SalesReportArgs) args: SalesReportArgs,
    @Arg('top', () => Int, { defaultValue: 10, description: `Products per period, 1 to ${MAX_TOP}.` }) top: number,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<SalesProductReport> {
    return ctx.salesReports.topProducts(args, top);
  }

  @Query(() => SalesReportCsv, {
    description: `The salesReport as CSV: columns period_start, period_end, store_id, currency, revenue, transactions, units, average_basket_amount, items_per_transaction. ${WHO}`,
  })
  salesReportCsv(
    @Args(() => SalesReportArgs) args: SalesReportArgs,
    @Arg('byStore', () => Boolean, BY_STORE) byStore: boolean,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<SalesReportCsv> {
    return ctx.salesReports.csv(args, byStore);
  }
}
