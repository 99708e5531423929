/** GraphQL documents of the public store directory routes. Aliases give the REST field names. */
import type { Operation } from '../kernel/route.js';

const STORE_SUMMARY = `
  storeId: id
  name
  nameKana
  prefecture
  prefectureCode
  storeType
  address
  placeId
`;

export const PublicStores: Operation = {
  name: 'PublicStores',
  document: `query PublicStores($q: String, $prefecture: String, $storeType: String, $page: Int, $pageSize: Int) {
  publicStores(q: $q, prefecture: $prefecture, storeType: $storeType, page: $page, pageSize: $pageSize) {
    items {${STORE_SUMMARY}}
    page
    pageSize
    total
  }
}`,
};

export const PublicStore: Operation = {
  name: 'PublicStore',
  document: `query PublicStore($storeId: ID!) {
  publicStore(storeId: $storeId) {${STORE_SUMMARY}
    postalCode
    phone
    latitude
    longitude
    isPublicListing
    business { businessAccountId: id name }
  }
}`,
};
