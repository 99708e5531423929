/** The business-info row of a shop app (interface: Store app content). */
import type { Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import { ShopBusinessInfo } from './business-info.operations.js';

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
      '(listed or with a place-directory id) to be shown, as in the directory.',
    pathParams: { shopId: { type: 'string', description: 'Shop id of the app.' } },
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
    result: (data) => data.shopBusinessInfo,
    status: 200,
    responseSchema: ref('BusinessInfoResponse'),
    errors: {
      400: 'specialDaysAhead is not an int32 from 0 to 366.',
      404: 'No shop app has this shopId (code app_not_found), or the app shows no such public store (code store_not_found).',
    },
  },
];
