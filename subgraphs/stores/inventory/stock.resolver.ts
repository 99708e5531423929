import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { Product } from '../product/product.entity.js';
import {
  AdjustStockInput,
  ReceiveStockInput,
  StockLevelsArgs,
  StockMovementsArgs,
  TransferStockInput,
} from './inventory.input.js';
import { StockLevelConnection, StockMovementConnection } from './inventory.types.js';
import { StockLevel } from './stock-level.entity.js';
import { StockLocation } from './stock-location.entity.js';
import { StockMovement } from './stock-movement.entity.js';

const WHO_READS = 'A business token with store.inventory.read (its own stock only) or the operator.';
const WHO_WRITES = 'A business token with store.inventory.write (its own products and locations only) or the operator.';

@Resolver(() => StockLevel)
export class StockResolver {
  @Query(() => StockLevelConnection, { description: `A page of the caller’s stock levels, filtered. ${WHO_READS}` })
  stockLevels(
    @Args(() => StockLevelsArgs) args: StockLevelsArgs,
    @Ctx() ctx: StoresContext,
  ): Promise<StockLevelConnection> {
    return ctx.stock.levels(args);
  }

  @Query(() => StockMovementConnection, {
    description: `A page of the caller’s stock ledger, newest first. ${WHO_READS}`,
  })
  stockMovements(
    @Args(() => StockMovementsArgs) args: StockMovementsArgs,
    @Ctx() ctx: StoresContext,
  ): Promise<StockMovementConnection> {
    return ctx.stock.movements(args);
  }

  @Mutation(() => StockMovement, {
    description: `Corrects one level by a signed delta with a reason; below zero without backorder is CONFLICT insufficient_stock. ${WHO_WRITES}`,
  })
  adjustStock(
    @Arg('input', () => AdjustStockInput, { description: 'The correction.' }) input: AdjustStockInput,
    @Ctx() ctx: StoresContext,
  ): Promise<StockMovement> {
    return ctx.stock.adjust(input);
  }

  @Mutation(() => StockMovement, { description: `Records goods received at a location. ${WHO_WRITES}` })
  receiveStock(
    @Arg('input', () => ReceiveStockInput, { description: 'What arrived.' }) input: ReceiveStockInput,
    @Ctx() ctx: StoresContext,
  ): Promise<StockMovement> {
    return ctx.stock.receive(input);
  }

  @Mutation(() => [StockMovement], {
    description: `Moves stock between two locations in one transaction (out leg, then in leg); too little stock changes nothing (CONFLICT insufficient_stock). ${WHO_WRITES}`,
  })
  transferStock(
    @Arg('input', () => TransferStockInput, { description: 'The transfer.' }) input: TransferStockInput,
    @Ctx() ctx: StoresContext,
  ): Promise<StockMovement[]> {
    return ctx.stock.transfer(input);
  }

  @FieldResolver(() => StockLocation, { nullable: true, description: 'The location (batched for a page).' })
  location(@Root() level: StockLevel, @Ctx() ctx: StoresContext): Promise<StockLocation | null> {
    return ctx.loaders.stockLocationById.load(level.locationId);
  }

  @FieldResolver(() => Product, { nullable: true, description: 'The product (batched for a page).' })
  product(@Root() level: StockLevel, @Ctx() ctx: StoresContext): Promise<Product | null> {
    return ctx.loaders.productById.load(level.productId);
  }
}

@Resolver(() => Product)
export class ProductStockResolver {
  @FieldResolver(() => [StockLevel], {
    nullable: true,
    description:
      'Its stock per location, by location id (one batched query for a page); needs store.inventory.read (FORBIDDEN otherwise).',
  })
  async stock(@Root() product: Product, @Ctx() ctx: StoresContext): Promise<StockLevel[]> {
    ctx.stock.requireRead();
    return ctx.loaders.stockByProduct.load(product.id);
  }
}
