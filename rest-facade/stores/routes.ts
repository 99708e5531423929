/** Rows of the public store directory (interface: Public store directory). */
import type { Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as stores from './operations.js';

export const storeRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/public/stores',
    operation: stores.PublicStores,
    tag: 'Public store directory',
    summary: 'Search the public store directory',
    description:
      'Lists stores that are publicly listed or have a place-directory id. `q` matches name, kana and address (substring, case-insensitive). ' +
      'page and pageSize below 1 are a 400; pageSize above 100 is clamped to 100; a page past the last is 200 with no items.',
    queryParams: {
      q: { type: 'string', description: 'Text to match (at most 100 characters).', maxLength: 100 },
      prefecture: {
        type: 'string',
        description: 'JIS X 0401 code ("13"), Japanese name (東京都) or English name (Tokyo).',
      },
      storeType: {
        type: 'string',
        description: 'Store type from the vocabulary (supermarket, convenience_store, ...).',
      },
      page: { type: 'int32', description: 'Page number, from 1.', default: 1, minimum: 1 },
      pageSize: {
        type: 'int32',
        description: 'Page size; values above 100 are clamped to 100.',
        default: 30,
        minimum: 1,
      },
    },
    result: (data) => data.publicStores,
    status: 200,
    responseSchema: ref('PublicStoreListResponse'),
    errors: { 400: 'A parameter is invalid (not an int32, below 1, unknown prefecture or store type).' },
  },
  {
    method: 'GET',
    path: '/api/v1/public/stores/:storeId',
    operation: stores.PublicStore,
    tag: 'Public store directory',
    summary: 'Get a publicly listed store',
    description:
      'Only stores with IsPublicListing=true or a place-directory id; any other id (unknown, malformed or unlisted) is 404.',
    pathParams: { storeId: { type: 'string', description: 'Store id (UUIDv7).' } },
    result: (data) => data.publicStore,
    status: 200,
    responseSchema: ref('PublicStoreDetail'),
    errors: { 404: 'No publicly listed store has this id (code store_not_found).' },
  },
];
