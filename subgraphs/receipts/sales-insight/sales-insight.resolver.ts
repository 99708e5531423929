import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { ReceiptsContext } from '../context.js';
import { SalesInsights } from './sales-insight.types.js';

@Resolver()
export class SalesInsightResolver {
  @Query(() => SalesInsights, {
    description:
      'Week-over-week change, anomalous days (robust z-score over the 28 days before each) and a 14-day revenue forecast (seasonal ARIMA, with its error on 14 held-back days) of a store, from the same sales as salesReport. A business token with sales.read (its own stores only: another business’s store is NOT_FOUND store_not_found).',
  })
  salesInsights(
    @Arg('storeId', () => ID, { description: 'A store of the business.' }) storeId: string,
    @Arg('asOf', () => String, {
      nullable: true,
      description: 'The last day looked at, YYYY-MM-DD (Asia/Tokyo), not after today; default yesterday.',
    })
    asOf: string | null,
    @Arg('currency', () => String, { defaultValue: 'JPY', description: 'Only sales in this ISO 4217 currency.' })
    currency: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<SalesInsights> {
    return ctx.salesInsights.insights(storeId, asOf, currency);
  }
}
