/** GraphQL documents of the mobile-b and wallet push rows. */
import type { Operation } from '../kernel/route.js';

export const GoogleWalletSaveUrl: Operation = {
  name: 'GoogleWalletSaveUrl',
  document: `query GoogleWalletSaveUrl($shopId: String!, $customerId: ID!) {
  googleWalletSaveUrl(shopId: $shopId, customerId: $customerId) { saveUrl }
}`,
};

export const PushWalletPass: Operation = {
  name: 'PushWalletPass',
  document: `mutation PushWalletPass($shopId: String!, $customerId: ID!) {
  pushWalletPass(shopId: $shopId, customerId: $customerId) { updates apple google }
}`,
};
