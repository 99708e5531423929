import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { CreateStockLocationInput, StockLocationsArgs, UpdateStockLocationInput } from './inventory.input.js';
import { StockLocationConnection } from './inventory.types.js';
import { StockLocation } from './stock-location.entity.js';

const WHO_READS = 'A business token with store.inventory.read (its own locations only) or the operator.';
const WHO_WRITES = 'A business token with store.inventory.write (its own locations and stores only) or the operator.';

@Resolver(() => StockLocation)
export class StockLocationResolver {
  @Query(() => StockLocationConnection, {
    description: `A page of the caller’s stock locations by name (the operator: of all businesses). ${WHO_READS}`,
  })
  stockLocations(
    @Args(() => StockLocationsArgs) args: StockLocationsArgs,
    @Ctx() ctx: StoresContext,
  ): Promise<StockLocationConnection> {
    return ctx.stockLocations.list(args);
  }

  @Mutation(() => StockLocation, {
    description: `Creates a stock location; a taken name is CONFLICT location_name_taken. ${WHO_WRITES}`,
  })
  createStockLocation(
    @Arg('input', () => CreateStockLocationInput, { description: 'The new location.' }) input: CreateStockLocationInput,
    @Ctx() ctx: StoresContext,
  ): Promise<StockLocation> {
    return ctx.stockLocations.create(input);
  }

  @Mutation(() => StockLocation, { description: `Changes the fields given of a stock location. ${WHO_WRITES}` })
  updateStockLocation(
    @Arg('input', () => UpdateStockLocationInput, { description: 'The changes.' }) input: UpdateStockLocationInput,
    @Ctx() ctx: StoresContext,
  ): Promise<StockLocation> {
    return ctx.stockLocations.update(input);
  }
}
