/** GraphQL object types of a shop app's JSON documents (theme, navigation, platform identifiers). */
import { Field, ObjectType } from 'type-graphql';

@ObjectType('AppTheme', { description: "An app's theme: colours #RRGGBB and a font family." })
export class AppTheme {
  @Field(() => String, { description: 'Main colour (#RRGGBB).' })
  primaryColor!: string;

  @Field(() => String, { description: 'Accent colour (#RRGGBB).' })
  accentColor!: string;

  @Field(() => String, { description: 'Background colour (#RRGGBB).' })
  backgroundColor!: string;

  @Field(() => String, { description: 'Text colour (#RRGGBB).' })
  textColor!: string;

  @Field(() => String, { description: 'Font family: system, sans-serif, serif or rounded.' })
  fontFamily!: string;
}

@ObjectType('AppThemeOverrides', {
  description: "The theme values an app sets over its template's defaults (null: the template's).",
})
export class AppThemeOverrides {
  @Field(() => String, { nullable: true, description: 'Main colour (#RRGGBB).' })
  primaryColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Accent colour (#RRGGBB).' })
  accentColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Background colour (#RRGGBB).' })
  backgroundColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Text colour (#RRGGBB).' })
  textColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Font family: system, sans-serif, serif or rounded.' })
  fontFamily?: string | null;
}

@ObjectType('AppNavigationItem', { description: 'An item of the app navigation.' })
export class AppNavigationItem {
  @Field(() => String, { description: 'Label shown, 1 to 30 characters.' })
  label!: string;

  @Field(() => String, {
    description: 'What it opens: home, pages, page, posts, coupons, business-info, membership-card or url.',
  })
  target!: string;

  @Field(() => String, { nullable: true, description: "The page's slug when target is page, else null." })
  slug!: string | null;

  @Field(() => String, { nullable: true, description: 'The https URL when target is url, else null.' })
  url!: string | null;
}

@ObjectType('AppPlatforms', { description: 'Identifiers of the app on the platforms it runs on (null: not there).' })
export class AppPlatforms {
  @Field(() => String, { nullable: true, description: 'Messaging mini-app (LIFF) id, e.g. 1234567890-AbCdEfGh.' })
  messagingAppId!: string | null;

  @Field(() => String, { nullable: true, description: 'iOS App Store id (digits).' })
  iosAppStoreId!: string | null;

  @Field(() => String, { nullable: true, description: 'Android package name (reverse-DNS).' })
  androidPackageName!: string | null;
}
