/**
 * Rows of a shop app's public content (interface: Store app content). Anyone may read them; each is a
 * cacheable JSON answer (strong ETag, `Cache-Control: public, max-age=60`, 304 to a matching
 * If-None-Match).
 */
import type { CachedJsonAnswer, Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as apps from './operations.js';
import { SHOP_ID_PARAM } from './schemas.js';

const TAG = 'Store app content';
/** Public app content: caches may keep it for a minute, then revalidate with the ETag. */
export const APP_CONTENT_ANSWER: CachedJsonAnswer = { kind: 'cached-json', cacheControl: 'public, max-age=60' };
const APP_NOT_FOUND = 'No app has this shopId (`app_not_found`).';

export const appRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/apps/:shopId/manifest',
    operation: apps.AppManifest,
    tag: TAG,
    summary: "A shop app's manifest",
    description:
      'The app identity, its template, the resolved theme (the template defaults overlaid with the app overrides), the ' +
      "resolved navigation (the app's own items, or the template default when it has none), platform identifiers and " +
      'its public stores. Templates: `standard`, `minimal`, `grid`.',
    pathParams: SHOP_ID_PARAM,
    result: (data) => {
      const { publicStores, ...app } = data.shopApp as { publicStores: { id: string; name: string }[] };
      return { ...app, stores: publicStores.map((store) => ({ storeId: store.id, name: store.name })) };
    },
    status: 200,
    responseSchema: ref('AppManifestResponse'),
    answer: APP_CONTENT_ANSWER,
    errors: { 404: APP_NOT_FOUND },
  },
];
