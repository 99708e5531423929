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
  {
    method: 'GET',
    path: '/api/v1/apps/:shopId/pages',
    operation: apps.AppPages,
    tag: TAG,
    summary: "A shop app's published pages",
    description:
      'Published pages only, by position then slug. Bounded: an app has at most 100 pages, and at most 100 are listed. ' +
      'An unknown shopId is 404 (the interface lists only 200; an empty list would hide a wrong shopId).',
    pathParams: SHOP_ID_PARAM,
    result: (data) => ({ items: data.publishedAppPages }),
    status: 200,
    responseSchema: ref('AppPageListResponse'),
    answer: APP_CONTENT_ANSWER,
    errors: { 404: APP_NOT_FOUND },
  },
  {
    method: 'GET',
    path: '/api/v1/apps/:shopId/pages/:slug',
    operation: apps.AppPageDetail,
    tag: TAG,
    summary: 'A published page of a shop app',
    description: 'The page with its body as sanitized HTML (sanitized when it was written).',
    pathParams: {
      ...SHOP_ID_PARAM,
      slug: { type: 'string', description: 'The page slug (1 to 64 of a-z 0-9 -).', example: 'about' },
    },
    result: (data) => data.publishedAppPage,
    status: 200,
    responseSchema: ref('AppPageDetail'),
    answer: APP_CONTENT_ANSWER,
    errors: {
      404: 'No app has this shopId (`app_not_found`), or the app has no published page with this slug (`page_not_found`, also for an unpublished page).',
    },
  },
  {
    method: 'GET',
    path: '/api/v1/apps/:shopId/membership-card-config',
    operation: apps.AppMembershipCardConfig,
    tag: TAG,
    summary: "A shop app's membership card config",
    description:
      'Ranks, point rules and card design, as wallet passes print them. Until the business configures the card, ' +
      '`enabled` is false with no ranks and the default rules (100 JPY per point, no sign-up or visit points, no expiry) ' +
      'and design (white card, QR code).',
    pathParams: SHOP_ID_PARAM,
    result: (data) => data.appMembershipCardConfig,
    status: 200,
    responseSchema: ref('MembershipCardConfigDto'),
    answer: APP_CONTENT_ANSWER,
    errors: { 404: APP_NOT_FOUND },
  },
];
