import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { StocktakeCountInput } from './stocktake.input.js';
import { Stocktake, StocktakeLine } from './stocktake.entity.js';

const WHO_READS = 'A business token with store.inventory.read (its own stocktakes only) or the operator.';
const WHO_WRITES = 'A business token with store.inventory.write (its own locations and products only) or the operator.';

@Resolver(() => Stocktake)
export class StocktakeResolver {
  @Query(() => Stocktake, { description: `One stocktake with its counts. ${WHO_READS}` })
  stocktake(
    @Arg('id', () => ID, { description: 'The stocktake.' }) id: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Stocktake> {
    return ctx.stocktakes.get(id);
  }

  @Mutation(() => Stocktake, { description: `Opens a stocktake at a stock location. ${WHO_WRITES}` })
  createStocktake(
    @Arg('locationId', () => ID, { description: 'The location to count.' }) locationId: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Stocktake> {
    return ctx.stocktakes.open(locationId);
  }

  @Mutation(() => Stocktake, {
    description: `Records counts of an open stocktake (a product counted again keeps its latest count). ${WHO_WRITES}`,
  })
  recordStocktakeCounts(
    @Arg('stocktakeId', () => ID, { description: 'The stocktake.' }) stocktakeId: string,
    @Arg('counts', () => [StocktakeCountInput], { description: '1 to 500 counts.' }) counts: StocktakeCountInput[],
    @Ctx() ctx: StoresContext,
  ): Promise<Stocktake> {
    return ctx.stocktakes.record(stocktakeId, counts);
  }

  @Mutation(() => Stocktake, {
    description:
      'Applies an open stocktake in one transaction: one stocktake movement per counted product of (counted - on hand now); ' +
      `applying it again is CONFLICT stocktake_applied. ${WHO_WRITES}`,
  })
  applyStocktake(
    @Arg('id', () => ID, { description: 'The stocktake.' }) id: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Stocktake> {
    return ctx.stocktakes.apply(id);
  }

  @Mutation(() => Stocktake, { description: `Cancels an open stocktake; nothing is posted. ${WHO_WRITES}` })
  cancelStocktake(
    @Arg('id', () => ID, { description: 'The stocktake.' }) id: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Stocktake> {
    return ctx.stocktakes.cancel(id);
  }

  @FieldResolver(() => [StocktakeLine], { description: 'The counts, by product id (batched).' })
  lines(@Root() stocktake: Stocktake, @Ctx() ctx: StoresContext): Promise<StocktakeLine[]> {
    return ctx.loaders.stocktakeLines.load(stocktake.id);
  }
}
