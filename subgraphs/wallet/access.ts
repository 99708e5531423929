/** Who may call each root operation of the wallet subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, PUBLIC, user, type AccessTable } from '../kernel/auth/operation-access.js';

/**
 * Wallet conventions (DECISIONS.md, Wallet): the customer's own user token with any scope, a business
 * token (reads `store.customers.read`, writes `store.customers.write`) or the operator; the services
 * then check that the customer is the caller's (customer-access.ts), else NOT_FOUND.
 */
const CUSTOMER_READ = anyOf(OPERATOR, user(null), business('store.customers.read'));
const CUSTOMER_WRITE = anyOf(OPERATOR, user(null), business('store.customers.write'));

export const WALLET_ACCESS: AccessTable = {
  'Query.notificationTokens': CUSTOMER_READ,
  'Query.walletPasses': CUSTOMER_READ,
  'Mutation.registerNotificationToken': CUSTOMER_WRITE,
  'Mutation.unregisterNotificationToken': CUSTOMER_WRITE,
  // Customers: a user joins and reads their own memberships with any user token; the shop's business
  // (store.customers.*, the service checks it is the shop app's business) or the operator administers them.
  'Mutation.joinMembership': user(null, 'user_token_required'),
  'Query.myMemberships': user(null, 'user_token_required'),
  'Query.shopCustomers': anyOf(OPERATOR, business('store.customers.read')),
  'Query.shopCustomer': anyOf(OPERATOR, business('store.customers.read')),
  'Mutation.adjustCustomerPoints': anyOf(OPERATOR, business('store.customers.write')),
  'Mutation.setCustomerRank': anyOf(OPERATOR, business('store.customers.write')),
  'Mutation.createCustomer': OPERATOR,
  // Apple Wallet: the pass for its customer, the shop's business or the operator (the service checks
  // which customer); the pass web service is public and authenticates by the pass's own ApplePass token.
  'Query.appleWalletPass': CUSTOMER_READ,
  'Query.appleWalletLatestPass': PUBLIC,
  'Query.appleWalletUpdatedSerials': PUBLIC,
  'Mutation.appleWalletRegisterDevice': PUBLIC,
  'Mutation.appleWalletUnregisterDevice': PUBLIC,
  'Mutation.appleWalletLog': PUBLIC,
  // Google Wallet save links and wallet push.
  'Query.googleWalletSaveUrl': CUSTOMER_READ,
  'Mutation.pushWalletPass': CUSTOMER_WRITE,
};
