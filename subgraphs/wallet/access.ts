/** Who may call each root operation of the wallet subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, user, type AccessTable } from '../kernel/auth/operation-access.js';

export const WALLET_ACCESS: AccessTable = {
  // Operator views until customer and shop tokens are wired to them.
  'Query.notificationTokens': OPERATOR,
  'Query.walletPasses': OPERATOR,
  // Customers: a user joins and reads their own memberships with any user token; the shop's business
  // (store.customers.*, the service checks it is the shop app's business) or the operator administers them.
  'Mutation.joinMembership': user(null, 'user_token_required'),
  'Query.myMemberships': user(null, 'user_token_required'),
  'Query.shopCustomers': anyOf(OPERATOR, business('store.customers.read')),
  'Query.shopCustomer': anyOf(OPERATOR, business('store.customers.read')),
  'Mutation.adjustCustomerPoints': anyOf(OPERATOR, business('store.customers.write')),
  'Mutation.setCustomerRank': anyOf(OPERATOR, business('store.customers.write')),
  'Mutation.createCustomer': OPERATOR,
};
