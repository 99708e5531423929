/** The business-info row of a shop app (interface: Store app content). */
import type { CachedJsonAnswer, Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import { ShopBusinessInfo } from './business-info.operations.js';
import { SHOP_ID_PARAM } from './schemas.js';

/**
 * Open-now changes by the minute: caches revalidate every time (`no-cache`), and the answer, computed
 * for the current minute, keeps its ETag for that minute (304 until the minute or the hours change).
 */
const BUSINESS_INFO_ANSWER: CachedJsonAnswer = { kind: 'cached-json', cacheControl: 'public, no-cache' };

export const businessInfoRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/apps/:shopId/business-info',
    operation: ShopBusinessInfo,
    tag: 'Store app content',
    summary: "A store's business hours, special days and whether it is open now",
    description:
      "The hours of one of the shop app's stores: `storeId`, or the app's main (first) store when absent. " +
      'Regular hours of all seven weekdays, special days from today (store-local) for `specialDaysAhead` days ' +
      '(today is the first; default 30, 0 to 366, else 400), and `openNow` at `asOf` in the store’s IANA time zone ' +
      '(Asia/Tokyo by default): an interval closing at or before it opens runs past midnight, and a special day ' +
      "replaces only its own date's hours (the previous evening's late interval still runs into a closed special day). " +
      '`nextChange` is the next opening or closing instant within 8 days, else null. A store must be public ' +
      '(listed or with a place-directory id) to be shown, as in the directory. The answer is computed for the current ' +
      'minute (`asOf`, seconds zero) and carries a strong ETag with `Cache-Control: public, no-cache`: a matching ' +
      'If-None-Match is 304 until the minute or the hours change.',
    pathParams: SHOP_ID_PARAM,
    queryParams: {
      storeId: {
        type: 'string',
        description: "One of the app's stores (UUIDv7); default its main store. Any other value is 404.",
      },
      specialDaysAhead: {
        type: 'int32',
        description: 'Days of special days to include, from today (store-local); 0 to 366.',
        default: 30,
        minimum: 0,
        maximum: 366,
      },
    },
    answer: BUSINESS_INFO_ANSWER,
    result: (data) => data.shopBusinessInfo,
    status: 200,
    responseSchema: ref('BusinessInfoResponse'),
    errors: {
      400: 'specialDaysAhead is not an int32 from 0 to 366.',
      404: 'No shop app has this shopId (code app_not_found), or the app shows no such public store (code store_not_found).',
    },
  },
];
