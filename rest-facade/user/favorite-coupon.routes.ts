/**
 * Rows of the signed-in user's favorite stores and the coupons of those stores (interface: User
 * account ... coupons ... favorites). Scopes per DECISIONS: favorites GET user.favorites.read,
 * POST/DELETE user.favorites.write; coupons user.coupons.read.
 */
import type { Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as ops from './favorite-coupon.operations.js';

const FAVORITES = 'User favorite stores';
const COUPONS = 'User coupons';
const NO_SCOPE = (scope: string) =>
  `The token lacks the \`${scope}\` scope (\`insufficient_scope\`), or it is not a consumer token (\`user_token_required\` or \`forbidden\`).`;
const auth = (scope: string) => ({ auth: { callers: ['user'], scopes: [scope] } }) as const;
const STORE_ID = { storeId: { type: 'string', description: 'Store id (UUIDv7).' } } as const;
const HIDDEN =
  'Favorites of stores that are not public (any more) are hidden, not deleted: they show again when the store is public again.';

export const favoriteCouponRoutes: readonly Route[] = [
  {
    ...auth('user.favorites.read'),
    method: 'GET',
    path: '/api/v1/user/favorites',
    operation: ops.MyFavoriteStores,
    tag: FAVORITES,
    summary: "List the signed-in user's favorite stores",
    description:
      'Newest favorite first, at most 500 (the newest 500), each with the store as it is now (`store`, the fields the public ' +
      `directory shows). ${HIDDEN}`,
    result: (data) => data.myFavoriteStores,
    status: 200,
    responseSchema: { type: 'array', maxItems: 500, items: ref('FavoriteStoreWithSnapshot') },
    errors: { 403: NO_SCOPE('user.favorites.read') },
  },
  {
    ...auth('user.favorites.read'),
    method: 'GET',
    path: '/api/v1/user/favorites/:storeId',
    operation: ops.FavoriteStoreStatus,
    tag: FAVORITES,
    summary: 'Tell whether a store is one of the signed-in user’s favorites',
    description:
      'Always 200: `isFavorite` is true only for a public store the user added. Any other id (unknown, malformed, a store that ' +
      `is not public) answers false with \`favoritedAt\` null. ${HIDDEN}`,
    pathParams: STORE_ID,
    result: (data) => data.favoriteStoreStatus,
    status: 200,
    responseSchema: ref('FavoriteStatusResponse'),
    errors: { 403: NO_SCOPE('user.favorites.read') },
  },
  {
    ...auth('user.favorites.write'),
    method: 'POST',
    path: '/api/v1/user/favorites/:storeId',
    operation: ops.AddFavoriteStore,
    tag: FAVORITES,
    summary: 'Add a store to the signed-in user’s favorites',
    description:
      'Idempotent: adding a favorite again answers 200 with the first `favoritedAt` and changes nothing. No request body. Only ' +
      'public stores (publicly listed or with a place-directory id) can be added.',
    pathParams: STORE_ID,
    result: (data) => data.addFavoriteStore,
    status: 200,
    responseSchema: ref('FavoriteStoreDto'),
    errors: {
      403: NO_SCOPE('user.favorites.write'),
      404: 'No public store has this id: unknown, malformed or not public (`store_not_found`).',
    },
  },
  {
    ...auth('user.favorites.write'),
    method: 'DELETE',
    path: '/api/v1/user/favorites/:storeId',
    operation: ops.RemoveFavoriteStore,
    tag: FAVORITES,
    summary: 'Remove a store from the signed-in user’s favorites',
    description:
      'Idempotent: 204 also when the store was not a favorite, is unknown or the id is malformed (the interface does not show ' +
      'this row’s answers; this service answers 204, and 401/403 like POST). Removes a hidden favorite of a non-public store too.',
    pathParams: STORE_ID,
    result: () => null,
    status: 204,
    responseSchema: null,
    errors: { 403: NO_SCOPE('user.favorites.write') },
  },
  {
    ...auth('user.coupons.read'),
    method: 'GET',
    path: '/api/v1/user/coupons',
    operation: ops.MyCoupons,
    tag: COUPONS,
    summary: 'List the coupons of the signed-in user’s favorite stores',
    description:
      'The published coupons valid now (validFrom <= now < validTo; an open end is no bound) of the user’s favorite stores that ' +
      'are public, one item per (store, coupon) pair: a coupon for two favorite stores is listed twice. Ordered by validTo, ' +
      'soonest first (coupons without an end last), then couponId and storeId; at most 200 items. A coupon that customer ' +
      'segments of its business target is listed only while the user is a member of at least one of them (evaluated at ' +
      'the request); an untargeted coupon is listed for everyone.',
    result: (data) => data.myCoupons,
    status: 200,
    responseSchema: { type: 'array', maxItems: 200, items: ref('UserCouponItem') },
    errors: { 403: NO_SCOPE('user.coupons.read') },
  },
  {
    ...auth('user.coupons.read'),
    method: 'GET',
    path: '/api/v1/user/coupons/:storeId/:couponId',
    operation: ops.MyCoupon,
    tag: COUPONS,
    summary: 'Get one coupon of one of the signed-in user’s favorite stores',
    description: 'The item GET /api/v1/user/coupons would list for this (store, coupon) pair.',
    pathParams: {
      ...STORE_ID,
      couponId: { type: 'string', description: 'Coupon id (UUIDv7).' },
    },
    result: (data) => data.myCoupon,
    status: 200,
    responseSchema: ref('UserCouponItem'),
    errors: {
      403: NO_SCOPE('user.coupons.read'),
      404:
        'Not visible to the caller (`coupon_not_found`): the store is not a favorite or not public, the coupon is not published, ' +
        'not valid now, does not target the store, is targeted at customer segments the user is not a member of, or an id ' +
        'is unknown or malformed.',
    },
  },
];
