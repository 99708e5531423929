/** GraphQL documents of the favorites and coupons rows. Aliases give the REST field names. */
import type { Operation } from '../kernel/route.js';

/** The store as it is now, as the public directory shows it. */
const STORE_SNAPSHOT = `store {
      storeId: id
      name
      nameKana
      prefecture
      prefectureCode
      storeType
      address
      postalCode
      phone
      latitude
      longitude
      placeId
    }`;

export const MyFavoriteStores: Operation = {
  name: 'MyFavoriteStores',
  document: `query MyFavoriteStores {
  myFavoriteStores { storeId favoritedAt ${STORE_SNAPSHOT} }
}`,
};

export const FavoriteStoreStatus: Operation = {
  name: 'FavoriteStoreStatus',
  document: `query FavoriteStoreStatus($storeId: ID!) {
  favoriteStoreStatus(storeId: $storeId) { storeId isFavorite favoritedAt }
}`,
};

export const AddFavoriteStore: Operation = {
  name: 'AddFavoriteStore',
  document: `mutation AddFavoriteStore($storeId: ID!) {
  addFavoriteStore(storeId: $storeId) { storeId favoritedAt }
}`,
};

export const RemoveFavoriteStore: Operation = {
  name: 'RemoveFavoriteStore',
  document: `mutation RemoveFavoriteStore($storeId: ID!) {
  removeFavoriteStore(storeId: $storeId)
}`,
};

const USER_COUPON_FIELDS = `storeId couponId title description terms benefit discount { kind value } imageUrl validFrom validTo
    ${STORE_SNAPSHOT}`;

export const MyCoupons: Operation = {
  name: 'MyCoupons',
  document: `query MyCoupons {
  myCoupons { ${USER_COUPON_FIELDS} }
}`,
};

export const MyCoupon: Operation = {
  name: 'MyCoupon',
  document: `query MyCoupon($storeId: ID!, $couponId: ID!) {
  myCoupon(storeId: $storeId, couponId: $couponId) { ${USER_COUPON_FIELDS} }
}`,
};
