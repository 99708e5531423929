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
  AppPageSummary: {
    type: 'object',
    required: ['slug', 'title', 'updatedAt', 'publishedAt'],
    properties: {
      slug: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' },
      title: { type: 'string', maxLength: 200 },
      updatedAt: timestamp('When the page last changed.'),
      publishedAt: timestamp('When the page was published.'),
    },
  },
  AppPageListResponse: {
    type: 'object',
    required: ['items'],
    properties: {
      items: {
        type: 'array',
        maxItems: 100,
        description: 'Published pages by position, then slug; at most 100 (an app has at most 100 pages).',
        items: ref('AppPageSummary'),
      },
    },
  },
  AppPageDetail: {
    type: 'object',
    required: ['slug', 'title', 'body', 'publishedAt', 'updatedAt'],
    properties: {
      slug: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' },
      title: { type: 'string', maxLength: 200 },
      body: {
        type: 'string',
        description:
          'Sanitized HTML: h2-h4, p, br, hr, strong, b, em, i, u, s, small, blockquote, lists, tables, figure, ' +
          'a (href http/https/mailto, title; rel="noopener noreferrer nofollow" added) and img (https src, alt, width, height). ' +
          'No scripts, styles, event handlers or iframes.',
      },
      publishedAt: timestamp('When the page was published.'),
      updatedAt: timestamp('When the page last changed.'),
    },
  },
  MembershipRank: {
    type: 'object',
    required: ['code', 'name', 'minPoints', 'color', 'benefits'],
    properties: {
      code: { type: 'string', pattern: '^[a-z0-9_-]{1,32}$' },
      name: { type: 'string', minLength: 1, maxLength: 40 },
      minPoints: { type: 'integer', format: 'int32', minimum: 0, description: '0 for the first rank, then rising.' },
      color: colour('Colour of the rank.'),
      benefits: { type: 'array', maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 100 } },
    },
  },
  MembershipCardConfigDto: {
    type: 'object',
    required: ['shopId', 'enabled', 'ranks', 'pointRules', 'design', 'updatedAt'],
    properties: {
      shopId: { type: 'string' },
      enabled: {
        type: 'boolean',
        description: 'False until the card is configured (no ranks, default rules and design).',
      },
      ranks: { type: 'array', maxItems: 10, items: ref('MembershipRank') },
      pointRules: {
        type: 'object',
        required: ['yenPerPoint', 'pointsOnSignUp', 'pointsPerVisit', 'expiryMonths'],
        properties: {
          yenPerPoint: {
            type: 'integer',
            format: 'int32',
            minimum: 1,
            description: 'Yen per point (100: 1 point per 100 JPY).',
          },
          pointsOnSignUp: { type: 'integer', format: 'int32', minimum: 0 },
          pointsPerVisit: { type: 'integer', format: 'int32', minimum: 0 },
          expiryMonths: {
            type: ['integer', 'null'],
            format: 'int32',
            minimum: 1,
            description: 'null: points never expire.',
          },
        },
      },
      design: {
        type: 'object',
        required: ['backgroundColor', 'foregroundColor', 'labelColor', 'logoText', 'barcodeFormat'],
        properties: {
          backgroundColor: colour('Card background.'),
          foregroundColor: colour('Card text.'),
          labelColor: colour('Card labels.'),
          logoText: { type: ['string', 'null'], maxLength: 40 },
          barcodeFormat: { type: 'string', enum: ['qr', 'code128'] },
        },
      },
      updatedAt: timestamp('When the config last changed (the app creation until configured).'),
    },
  },
};
