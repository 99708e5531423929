/** JSON Schemas (OpenAPI 3.1 dialect) of the REST payloads, published under `components.schemas`. */
import type { JsonSchema } from './route.js';
import { AUTH_SCHEMAS } from '../oauth/schemas.js';
import { USER_SCHEMAS } from '../user/schemas.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

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

export const SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ...AUTH_SCHEMAS,
  ...USER_SCHEMAS,
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details.',
    required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'traceId'],
    properties: {
      type: { type: 'string', description: '`/problems/<code>`.' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string', description: 'The request path, without the query.' },
      code: { type: 'string', description: 'Machine-readable snake_case code.' },
      traceId: { type: 'string', description: 'Correlates with the X-Request-Id header and the logs.' },
      errors: {
        type: 'array',
        description: 'Field-level failures of a 400 from validation.',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: { path: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  },
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

export { ref };
