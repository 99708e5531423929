import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { AppPage } from './app-page.entity.js';
import { CreateAppPageInput, UpdateAppPageInput } from './app-page.input.js';

const MANAGED =
  "The operator, or a business token of the app's business; another business's app is NOT_FOUND (app_not_found).";

@Resolver(() => AppPage)
export class AppPageResolver {
  @Query(() => [AppPage], {
    description:
      'Published pages of the shop app (public), by position then slug, at most 100; NOT_FOUND (app_not_found) for an unknown app.',
  })
  publishedAppPages(@Arg('shopId', () => String) shopId: string, @Ctx() ctx: StoresContext): Promise<AppPage[]> {
    return ctx.appPages.listPublished(shopId);
  }

  @Query(() => AppPage, {
    description: 'A published page of the shop app (public); NOT_FOUND (page_not_found) when missing or unpublished.',
  })
  publishedAppPage(
    @Arg('shopId', () => String) shopId: string,
    @Arg('slug', () => String) slug: string,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPage> {
    return ctx.appPages.getPublished(shopId, slug);
  }

  @Query(() => [AppPage], { description: `Every page of a shop app, published or not, at most 100. ${MANAGED}` })
  appPages(@Arg('shopId', () => String) shopId: string, @Ctx() ctx: StoresContext): Promise<AppPage[]> {
    return ctx.appPages.listManaged(shopId);
  }

  @Mutation(() => AppPage, { description: `Adds a page (at most 100 per app). ${MANAGED}` })
  createAppPage(
    @Arg('shopId', () => String) shopId: string,
    @Arg('input', () => CreateAppPageInput) input: CreateAppPageInput,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPage> {
    return ctx.appPages.create(shopId, input);
  }

  @Mutation(() => AppPage, { description: `Changes a page; absent fields stay. ${MANAGED}` })
  updateAppPage(
    @Arg('shopId', () => String) shopId: string,
    @Arg('slug', () => String) slug: string,
    @Arg('input', () => UpdateAppPageInput) input: UpdateAppPageInput,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPage> {
    return ctx.appPages.update(shopId, slug, input);
  }

  @Mutation(() => AppPage, { description: `Shows a page publicly. ${MANAGED}` })
  publishAppPage(
    @Arg('shopId', () => String) shopId: string,
    @Arg('slug', () => String) slug: string,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPage> {
    return ctx.appPages.setPublished(shopId, slug, true);
  }

  @Mutation(() => AppPage, { description: `Hides a page from the public. ${MANAGED}` })
  unpublishAppPage(
    @Arg('shopId', () => String) shopId: string,
    @Arg('slug', () => String) slug: string,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPage> {
    return ctx.appPages.setPublished(shopId, slug, false);
  }

  @Mutation(() => Boolean, { description: `Deletes a page. ${MANAGED}` })
  deleteAppPage(
    @Arg('shopId', () => String) shopId: string,
    @Arg('slug', () => String) slug: string,
    @Ctx() ctx: StoresContext,
  ): Promise<boolean> {
    return ctx.appPages.delete(shopId, slug);
  }

  @FieldResolver(() => String, { description: 'The shopId of the app the page belongs to.' })
  async shopId(@Root() page: AppPage, @Ctx() ctx: StoresContext): Promise<string> {
    // The page's app exists while the page does (the foreign key cascades).
    return (await ctx.loaders.shopAppById.load(page.shopAppId))!.shopId;
  }
}
