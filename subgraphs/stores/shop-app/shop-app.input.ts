import { Field, ID, InputType } from 'type-graphql';

/** A new shop app of a business. */
@InputType('CreateShopAppInput', { description: 'A new shop app.' })
export class CreateShopAppInput {
  @Field(() => String, {
    description: 'Public id in the app paths: 3 to 64 of A-Z a-z 0-9 _ - , starting alphanumeric.',
  })
  shopId!: string;

  @Field(() => ID, {
    nullable: true,
    description:
      "The owning business account. A business token's own business when omitted; the operator must give it.",
  })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'Display name, 1 to 100 characters.' })
  name!: string;

  @Field(() => [ID], {
    nullable: true,
    description:
      "Stores the app shows, in order (the first is the main store); all of the owning business's. At most 100.",
  })
  storeIds?: string[] | null;
}

@InputType('AppThemeInput', {
  description: "Theme overrides of the template's defaults; null or absent: the template's.",
})
export class AppThemeInput {
  @Field(() => String, { nullable: true, description: 'Main colour, #RRGGBB.' })
  primaryColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Accent colour, #RRGGBB.' })
  accentColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Background colour, #RRGGBB.' })
  backgroundColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Text colour, #RRGGBB.' })
  textColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Font family: system, sans-serif, serif or rounded.' })
  fontFamily?: string | null;
}

@InputType('AppNavigationItemInput', { description: 'An item of the app navigation.' })
export class AppNavigationItemInput {
  @Field(() => String, { description: 'Label, 1 to 30 characters.' })
  label!: string;

  @Field(() => String, {
    description: 'home, pages, page, posts, coupons, business-info, membership-card or url.',
  })
  target!: string;

  @Field(() => String, { nullable: true, description: 'Required for target page (a page slug); else omitted.' })
  slug?: string | null;

  @Field(() => String, { nullable: true, description: 'Required for target url (https, at most 2048); else omitted.' })
  url?: string | null;
}

@InputType('AppPlatformsInput', { description: 'Identifiers of the app on its platforms; null or absent: not there.' })
export class AppPlatformsInput {
  @Field(() => String, { nullable: true, description: 'Messaging mini-app (LIFF) id, e.g. 1234567890-AbCdEfGh.' })
  messagingAppId?: string | null;

  @Field(() => String, { nullable: true, description: 'iOS App Store id: 1 to 15 digits.' })
  iosAppStoreId?: string | null;

  @Field(() => String, { nullable: true, description: 'Android package name, reverse-DNS (com.example.app).' })
  androidPackageName?: string | null;
}

/** Changes to a shop app's identity: an absent field stays as it is. */
@InputType('UpdateShopAppInput', { description: "Changes to a shop app's identity; absent fields stay." })
export class UpdateShopAppInput {
  @Field(() => String, { nullable: true, description: 'Display name, 1 to 100 characters.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Logo URL (https, at most 2048); null removes it.' })
  logoUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'Template: standard, minimal or grid.' })
  template?: string | null;

  @Field(() => AppThemeInput, { nullable: true, description: 'Replaces every theme override; null clears them.' })
  theme?: AppThemeInput | null;

  @Field(() => [AppNavigationItemInput], {
    nullable: true,
    description: "Replaces the navigation (at most 12 items); an empty list or null: the template's default.",
  })
  navigation?: AppNavigationItemInput[] | null;

  @Field(() => AppPlatformsInput, {
    nullable: true,
    description: 'Replaces the platform identifiers; null clears them.',
  })
  platforms?: AppPlatformsInput | null;
}
