/** JSON Schemas of the public store directory (merged into `components.schemas` by the table). */
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const nullableString = (description: string): JsonSchema => ({ type: ['string', 'null'], description });

const storeSummaryProperties = {
  storeId: { type: 'string', format: 'uuid', description: 'Store id (UUIDv7).' },
  name: { type: 'string', description: 'Display name.' },
  nameKana: { type: 'string', description: 'Katakana reading of the name.' },
  prefecture: { type: 'string', description: 'Prefecture name in Japanese, e.g. 東京都.' },
  prefectureCode: { type: 'string', pattern: '^[0-9]{2}$', description: 'JIS X 0401 prefecture code.' },
  storeType: { type: 'string', description: 'Store type from the vocabulary.' },
  address: { type: 'string', description: 'Street address below the prefecture.' },
  placeId: nullableString('Place-directory identifier, when the store is registered there.'),
} as const;

export const STORE_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  PublicStoreSummary: {
    type: 'object',
    required: Object.keys(storeSummaryProperties),
    properties: storeSummaryProperties,
  },
  PublicStoreListResponse: {
    type: 'object',
    required: ['items', 'page', 'pageSize', 'total'],
    properties: {
      items: { type: 'array', items: ref('PublicStoreSummary') },
      page: { type: 'integer', format: 'int32', minimum: 1 },
      pageSize: {
        type: 'integer',
        format: 'int32',
        minimum: 1,
        maximum: 100,
        description: 'The size used, after clamping.',
      },
      total: { type: 'integer', format: 'int32', minimum: 0, description: 'Matches across all pages.' },
    },
  },
  PublicStoreDetail: {
    type: 'object',
    required: [...Object.keys(storeSummaryProperties), 'isPublicListing', 'business'],
    properties: {
      ...storeSummaryProperties,
      postalCode: nullableString('Postal code.'),
      phone: nullableString('Telephone number.'),
      latitude: { type: ['number', 'null'], description: 'Latitude (WGS 84).' },
      longitude: { type: ['number', 'null'], description: 'Longitude (WGS 84).' },
      isPublicListing: { type: 'boolean' },
      business: {
        type: 'object',
        required: ['businessAccountId', 'name'],
        properties: { businessAccountId: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
      },
    },
  },
};
