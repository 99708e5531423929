/** JSON Schemas of the favorites and coupons endpoints (merged into `components.schemas`). */
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const str = (description: string): JsonSchema => ({ type: 'string', description });
const nullableStr = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const id = (description: string): JsonSchema => ({ type: 'string', format: 'uuid', description });
const timestamp = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const nullableTimestamp = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  format: 'date-time',
  description,
});

const snapshotProperties = {
  storeId: id('Store id (UUIDv7).'),
  name: str('Display name.'),
  nameKana: str('Katakana reading of the name.'),
  prefecture: str('Prefecture name in Japanese, e.g. 東京都.'),
  prefectureCode: { type: 'string', pattern: '^[0-9]{2}$', description: 'JIS X 0401 prefecture code.' },
  storeType: str('Store type from the vocabulary.'),
  address: str('Street address below the prefecture.'),
  postalCode: nullableStr('Postal code.'),
  phone: nullableStr('Telephone number.'),
  latitude: { type: ['number', 'null'], description: 'Latitude (WGS 84).' },
  longitude: { type: ['number', 'null'], description: 'Longitude (WGS 84).' },
  placeId: nullableStr('Place-directory identifier, when the store is registered there.'),
} as const;

const favoriteProperties = {
  storeId: id('The store (UUIDv7).'),
  favoritedAt: timestamp('When the user first added it (RFC 3339, UTC); a second add keeps it.'),
} as const;

export const FAVORITE_COUPON_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  UserStoreSnapshot: {
    type: 'object',
    description: 'The store as it is now: the fields the public directory shows.',
    required: Object.keys(snapshotProperties),
    properties: snapshotProperties,
  },
  FavoriteStoreDto: {
    type: 'object',
    description: 'Interface: FavoriteStoreDto. A favorite store of the signed-in user.',
    required: Object.keys(favoriteProperties),
    properties: favoriteProperties,
  },
  FavoriteStoreWithSnapshot: {
    type: 'object',
    description: 'Interface: FavoriteStoreWithSnapshot. A favorite with the store as it is now.',
    required: [...Object.keys(favoriteProperties), 'store'],
    properties: { ...favoriteProperties, store: ref('UserStoreSnapshot') },
  },
  FavoriteStatusResponse: {
    type: 'object',
    description: 'Interface: FavoriteStatusResponse.',
    required: ['storeId', 'isFavorite', 'favoritedAt'],
    properties: {
      storeId: str('The store id asked about, as given.'),
      isFavorite: { type: 'boolean', description: 'True when the store is public and the user’s favorite.' },
      favoritedAt: nullableTimestamp('When it was added (RFC 3339, UTC); null when not a favorite.'),
    },
  },
  UserCouponItem: {
    type: 'object',
    description:
      'Interface: UserCouponItem. A published coupon, valid now, at one of the signed-in user’s favorite public stores.',
    required: [
      'storeId',
      'couponId',
      'title',
      'description',
      'terms',
      'benefit',
      'discount',
      'imageUrl',
      'validFrom',
      'validTo',
      'store',
    ],
    properties: {
      storeId: id('The store (UUIDv7).'),
      couponId: id('The coupon (UUIDv7).'),
      title: str('Title (1 to 200 characters).'),
      description: str('Description (may be empty).'),
      terms: str('Terms of use (may be empty).'),
      benefit: nullableStr('The benefit in words, e.g. 100円引き.'),
      discount: {
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['kind', 'value'],
            properties: {
              kind: {
                type: 'string',
                enum: ['amount', 'percent'],
                description: 'amount: yen off; percent: percent off.',
              },
              value: { type: 'integer', format: 'int32', minimum: 1, description: 'Yen or percent off.' },
            },
          },
        ],
        description: 'The structured discount, if any.',
      },
      imageUrl: { type: ['string', 'null'], format: 'uri', description: 'An https image URL.' },
      validFrom: nullableTimestamp('Valid from (RFC 3339, UTC); null: no start.'),
      validTo: nullableTimestamp('Valid until, excluded (RFC 3339, UTC); null: no end.'),
      store: ref('UserStoreSnapshot'),
    },
  },
};
