import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { ANONYMOUS } from '../../kernel/auth/principal.js';
import { canSeeStore } from '../../kernel/auth/store-visibility.js';
import { Store } from '../store/store.entity.js';
import { resolveNavigation, resolveTheme } from './app-template.js';
import { ShopApp } from './shop-app.entity.js';
import { AppNavigationItem, AppPlatforms, AppTheme, AppThemeOverrides } from './shop-app.types.js';
import { CreateShopAppInput, UpdateShopAppInput } from './shop-app.input.js';

@Resolver(() => ShopApp)
export class ShopAppResolver {
  @Query(() => ShopApp, { description: 'The shop app with this shopId (public); NOT_FOUND (app_not_found) otherwise.' })
  shopApp(@Arg('shopId', () => String) shopId: string, @Ctx() ctx: StoresContext): Promise<ShopApp> {
    return ctx.shopApps.getByShopId(shopId);
  }

  @Mutation(() => ShopApp, {
    description:
      "Creates a shop app: the operator for any business, a business token (store.info.write) for its own, showing that business's stores.",
  })
  createShopApp(
    @Arg('input', () => CreateShopAppInput) input: CreateShopAppInput,
    @Ctx() ctx: StoresContext,
  ): Promise<ShopApp> {
    return ctx.shopApps.create(input);
  }

  @Mutation(() => ShopApp, {
    description:
      "Changes a shop app's identity (name, logo, template, theme, navigation, platforms): the operator, or a business token (store.info.write) of the app's business; another business's app is NOT_FOUND (app_not_found).",
  })
  updateShopApp(
    @Arg('shopId', () => String) shopId: string,
    @Arg('input', () => UpdateShopAppInput) input: UpdateShopAppInput,
    @Ctx() ctx: StoresContext,
  ): Promise<ShopApp> {
    return ctx.shopApps.update(shopId, input);
  }

  @Mutation(() => ShopApp, {
    description:
      "Replaces the stores a shop app shows, in order (at most 100, all of the app's business); the first is the main store.",
  })
  setShopAppStores(
    @Arg('shopId', () => String) shopId: string,
    @Arg('storeIds', () => [ID]) storeIds: string[],
    @Ctx() ctx: StoresContext,
  ): Promise<ShopApp> {
    return ctx.shopApps.setStores(shopId, storeIds);
  }

  @Query(() => [ShopApp], {
    description: "The shop apps of the caller's business (the operator names the business), by shopId; at most 100.",
  })
  managedShopApps(
    @Arg('businessAccountId', () => ID, { nullable: true }) businessAccountId: string | null,
    @Ctx() ctx: StoresContext,
  ): Promise<ShopApp[]> {
    return ctx.shopApps.listManaged(businessAccountId);
  }

  @FieldResolver(() => [ID], { description: 'The stores the app shows, in order (the first is the main store).' })
  async storeIds(@Root() app: ShopApp, @Ctx() ctx: StoresContext): Promise<string[]> {
    return (await ctx.loaders.shopAppStores.load(app.id)).map((link) => link.storeId);
  }

  @FieldResolver(() => [Store], {
    description: 'The stores of the app that are public (listed or with a place id), in the app order.',
  })
  async publicStores(@Root() app: ShopApp, @Ctx() ctx: StoresContext): Promise<Store[]> {
    const links = await ctx.loaders.shopAppStores.load(app.id);
    const stores = await ctx.loaders.storeById.loadMany(links.map((link) => link.storeId));
    return stores.filter((store): store is Store => store instanceof Store && canSeeStore(ANONYMOUS, store));
  }

  @FieldResolver(() => AppTheme, {
    description: "The theme shown: the template's defaults overlaid with the overrides.",
  })
  theme(@Root() app: ShopApp): AppTheme {
    return resolveTheme(app.template, app.theme);
  }

  @FieldResolver(() => AppThemeOverrides, { description: "The theme values the app sets over its template's." })
  themeOverrides(@Root() app: ShopApp): AppThemeOverrides {
    return app.theme as AppThemeOverrides;
  }

  @FieldResolver(() => [AppNavigationItem], {
    description: "The navigation shown: the app's own items, or its template's default when it has none.",
  })
  navigation(@Root() app: ShopApp): AppNavigationItem[] {
    return resolveNavigation(app.template, app.navigation);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the app has its own navigation (else the template default).' })
  customNavigation(@Root() app: ShopApp): boolean {
    return app.navigation.length > 0;
  }

  @FieldResolver(() => AppPlatforms, { description: 'Identifiers of the app on its platforms.' })
  platforms(@Root() app: ShopApp): AppPlatforms {
    const p = app.platforms as Partial<AppPlatforms>;
    return {
      messagingAppId: p.messagingAppId ?? null,
      iosAppStoreId: p.iosAppStoreId ?? null,
      androidPackageName: p.androidPackageName ?? null,
    };
  }
}
