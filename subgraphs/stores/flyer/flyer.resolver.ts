import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { BinaryFile } from '../../kernel/binary-file.type.js';
import type { StoresContext } from '../context.js';
import { Product } from '../product/product.entity.js';
import { Flyer, FlyerItem, FlyerPage } from './flyer.entity.js';
import { CreateFlyerInput, FlyersArgs, UpdateFlyerInput } from './flyer.input.js';
import { FlyerConnection } from './flyer.types.js';

const WHO_READS = 'A business token with store.flyers.read (its own flyers only) or the operator.';
const WHO_WRITES = 'A business token with store.flyers.write (its own flyers, stores and products) or the operator.';
const FLYER_ID = { description: 'The flyer.' } as const;

@Resolver(() => Flyer)
export class FlyerResolver {
  @Query(() => FlyerConnection, { description: `A page of the caller’s flyers, newest first. ${WHO_READS}` })
  flyers(@Args(() => FlyersArgs) args: FlyersArgs, @Ctx() ctx: StoresContext): Promise<FlyerConnection> {
    return ctx.flyers.list(args);
  }

  @Query(() => Flyer, { description: `One flyer; NOT_FOUND flyer_not_found for another business’s. ${WHO_READS}` })
  flyer(@Arg('id', () => ID, FLYER_ID) id: string, @Ctx() ctx: StoresContext): Promise<Flyer> {
    return ctx.flyers.get(id);
  }

  @Query(() => BinaryFile, {
    description:
      'Printable PDF (application/pdf, A4) of a flyer in any status: title, store name, validity in Asia/Tokyo, page image ' +
      `URLs as links (images are not fetched) and featured products with regular and sale prices. ${WHO_READS}`,
  })
  flyerPdf(@Arg('id', () => ID, FLYER_ID) id: string, @Ctx() ctx: StoresContext): Promise<BinaryFile> {
    return ctx.flyerPdfs.pdf(id);
  }

  @Mutation(() => Flyer, { description: `Creates a draft flyer for a store of the business. ${WHO_WRITES}` })
  createFlyer(
    @Arg('input', () => CreateFlyerInput, { description: 'The new flyer.' }) input: CreateFlyerInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Flyer> {
    return ctx.flyers.create(input);
  }

  @Mutation(() => Flyer, {
    description: `Changes a draft or scheduled flyer; otherwise CONFLICT flyer_not_editable. ${WHO_WRITES}`,
  })
  updateFlyer(
    @Arg('input', () => UpdateFlyerInput, { description: 'The changes.' }) input: UpdateFlyerInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Flyer> {
    return ctx.flyers.update(input);
  }

  @Mutation(() => Flyer, {
    description: `Publishes a draft or scheduled flyer, writing flyer.published once (idempotent). ${WHO_WRITES}`,
  })
  publishFlyer(@Arg('id', () => ID, FLYER_ID) id: string, @Ctx() ctx: StoresContext): Promise<Flyer> {
    return ctx.flyers.publish(id);
  }

  @Mutation(() => Flyer, { description: `Schedules a draft or scheduled flyer for publishAt. ${WHO_WRITES}` })
  scheduleFlyer(
    @Arg('id', () => ID, FLYER_ID) id: string,
    @Arg('publishAt', () => GraphQLDateTimeISO, { description: 'When to publish: an instant in the future.' })
    publishAt: Date,
    @Ctx() ctx: StoresContext,
  ): Promise<Flyer> {
    return ctx.flyers.schedule(id, publishAt);
  }

  @Mutation(() => Flyer, { description: `Archives a flyer (idempotent). ${WHO_WRITES}` })
  archiveFlyer(@Arg('id', () => ID, FLYER_ID) id: string, @Ctx() ctx: StoresContext): Promise<Flyer> {
    return ctx.flyers.archive(id);
  }

  @FieldResolver(() => [FlyerPage], { description: 'The pages, in order (one batched query for a list).' })
  pages(@Root() flyer: Flyer, @Ctx() ctx: StoresContext): Promise<FlyerPage[]> {
    return ctx.loaders.flyerPages.load(flyer.id);
  }

  @FieldResolver(() => [FlyerItem], { description: 'The featured products, in order (one batched query).' })
  items(@Root() flyer: Flyer, @Ctx() ctx: StoresContext): Promise<FlyerItem[]> {
    return ctx.loaders.flyerItems.load(flyer.id);
  }
}

@Resolver(() => FlyerItem)
export class FlyerItemResolver {
  @FieldResolver(() => Product, { nullable: true, description: 'The product (one batched query for a list).' })
  product(@Root() item: FlyerItem, @Ctx() ctx: StoresContext): Promise<Product | null> {
    return ctx.loaders.productById.load(item.productId);
  }
}
