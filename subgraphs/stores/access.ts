/** Who may call each root operation of the stores subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, PUBLIC, type AccessTable } from '../kernel/auth/operation-access.js';

export const STORES_ACCESS: AccessTable = {
  // The public directory is open; administration is the operator's until business owners sign in.
  'Query.publicStores': PUBLIC,
  'Query.publicStore': PUBLIC,
  'Query.prefectures': PUBLIC,
  'Query.storeTypes': PUBLIC,
  'Mutation.createStore': OPERATOR,
  // Shop apps: their content is public; a business manages its own (store.info.*), the operator any.
  'Query.shopApp': PUBLIC,
  'Mutation.createShopApp': anyOf(OPERATOR, business('store.info.write')),
  // Posts: the public list shows Published posts only; a business manages its own (sns.content.*).
  'Query.publicAppPosts': PUBLIC,
  'Query.appPosts': anyOf(OPERATOR, business('sns.content.read')),
  'Mutation.createAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.updateAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.publishAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.scheduleAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.unpublishAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.archiveAppPost': anyOf(OPERATOR, business('sns.content.write')),
  'Mutation.deleteAppPost': anyOf(OPERATOR, business('sns.content.write')),
};
