/** GraphQL document of the business-info row of a shop app. */
import type { Operation } from '../kernel/route.js';

export const ShopBusinessInfo: Operation = {
  name: 'ShopBusinessInfo',
  document: `query ShopBusinessInfo($shopId: String!, $storeId: ID, $specialDaysAhead: Int) {
  shopBusinessInfo(shopId: $shopId, storeId: $storeId, specialDaysAhead: $specialDaysAhead) {
    storeId
    timeZone
    regularHours { weekday intervals { opens closes } }
    specialDays { date closed intervals { opens closes } note }
    openNow
    nextChange
    asOf
  }
}`,
};
