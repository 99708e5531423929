import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { PREFECTURES } from '../reference/prefectures.js';
import { STORE_TYPES } from '../reference/store-types.js';
import { Store } from './store.entity.js';
import { CreateStoreInput, PublicStoreSearchArgs } from './store.input.js';
import { PrefectureType, PublicStorePage } from './store.types.js';

@Resolver(() => Store)
export class StoreResolver {
  @Query(() => PublicStorePage, { description: 'Searches the public store directory. No authentication needed.' })
  publicStores(
    @Args(() => PublicStoreSearchArgs) args: PublicStoreSearchArgs,
    @Ctx() ctx: StoresContext,
  ): Promise<PublicStorePage> {
    return ctx.stores.searchPublic(args);
  }

  @Query(() => Store, { description: 'One publicly visible store; NOT_FOUND (store_not_found) otherwise.' })
  publicStore(@Arg('storeId', () => ID) storeId: string, @Ctx() ctx: StoresContext): Promise<Store> {
    return ctx.stores.getPublic(storeId);
  }

  @Query(() => [PrefectureType], { description: 'The 47 prefectures with their JIS X 0401 codes.' })
  prefectures(): PrefectureType[] {
    return [...PREFECTURES];
  }

  @Query(() => [String], { description: 'The store type vocabulary.' })
  storeTypes(): string[] {
    return [...STORE_TYPES];
  }

  @Mutation(() => Store, { description: 'Creates a store. Operator only.' })
  createStore(
    @Arg('input', () => CreateStoreInput) input: CreateStoreInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Store> {
    return ctx.stores.create(input);
  }
}
