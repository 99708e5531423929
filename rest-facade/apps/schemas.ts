/** JSON Schemas of the shop app rows (merged into `components.schemas` by the table). */
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const colour = (description: string): JsonSchema => ({ type: 'string', pattern: '^#[0-9A-Fa-f]{6}$', description });
const nullableString = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const timestamp = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });

/** The public path segment naming an app. */
export const SHOP_ID_PARAM = {
  shopId: {
    type: 'string',
    description: 'The app id (3 to 64 of A-Z a-z 0-9 _ -); anything else is an unknown app.',
    example: 'sakura-cafe',
  },
} as const;

export const APP_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  AppTheme: {
    type: 'object',
    required: ['primaryColor', 'accentColor', 'backgroundColor', 'textColor', 'fontFamily'],
    properties: {
      primaryColor: colour('Main colour.'),
      accentColor: colour('Accent colour.'),
      backgroundColor: colour('Background colour.'),
      textColor: colour('Text colour.'),
      fontFamily: { type: 'string', enum: ['system', 'sans-serif', 'serif', 'rounded'] },
    },
  },
  AppNavigationItem: {
    type: 'object',
    required: ['label', 'target', 'slug', 'url'],
    properties: {
      label: { type: 'string', minLength: 1, maxLength: 30 },
      target: {
        type: 'string',
        enum: ['home', 'pages', 'page', 'posts', 'coupons', 'business-info', 'membership-card', 'url'],
      },
      slug: nullableString('The page slug when target is page, else null.'),
      url: { type: ['string', 'null'], format: 'uri', description: 'The https URL when target is url, else null.' },
    },
  },
  AppPlatforms: {
    type: 'object',
    required: ['messagingAppId', 'iosAppStoreId', 'androidPackageName'],
    properties: {
      messagingAppId: nullableString('Messaging mini-app (LIFF) id, e.g. 1234567890-AbCdEfGh.'),
      iosAppStoreId: nullableString('iOS App Store id (digits).'),
      androidPackageName: nullableString('Android package name (reverse-DNS).'),
    },
  },
  AppManifestResponse: {
    type: 'object',
    required: ['shopId', 'name', 'logoUrl', 'template', 'theme', 'navigation', 'platforms', 'stores', 'updatedAt'],
    properties: {
      shopId: { type: 'string' },
      name: { type: 'string' },
      logoUrl: { type: ['string', 'null'], format: 'uri', description: 'Logo image (https), or null.' },
      template: { type: 'string', enum: ['standard', 'minimal', 'grid'] },
      theme: ref('AppTheme'),
      navigation: { type: 'array', maxItems: 12, items: ref('AppNavigationItem') },
      platforms: ref('AppPlatforms'),
      stores: {
        type: 'array',
        description:
          'The public stores of the app (listed or with a place id), in the app order; the first is its main store.',
        items: {
          type: 'object',
          required: ['storeId', 'name'],
          properties: { storeId: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
        },
      },
      updatedAt: timestamp('When the app identity last changed.'),
    },
  },
};
