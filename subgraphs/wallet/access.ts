/** Who may call each root operation of the wallet subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, PUBLIC, user, type AccessTable } from '../kernel/auth/operation-access.js';

/**
 * Wallet conventions: the customer's own user token with any scope, a business
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
  // Business customer records (issue 14): the business's own records, or the operator's (who names the business).
  'Query.businessCustomers': anyOf(OPERATOR, business('store.customers.read')),
  'Query.businessCustomer': anyOf(OPERATOR, business('store.customers.read')),
  'Mutation.createBusinessCustomer': anyOf(OPERATOR, business('store.customers.write')),
  'Mutation.updateBusinessCustomer': anyOf(OPERATOR, business('store.customers.write')),
  'Mutation.setBusinessCustomerConsent': anyOf(OPERATOR, business('store.customers.write')),
  'Mutation.deleteBusinessCustomer': anyOf(OPERATOR, business('store.customers.write')),
  // Customer profiles (issue 15): the business's own, with crm.profiles.read.
  'Query.customerProfiles': business('crm.profiles.read'),
  'Query.customerProfile': business('crm.profiles.read'),
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
  // Segments (issue 15): read with crm.segments.read; the scope table has no write scope, so the
  // definitions take any business token here and the service requires crm.segments.read from a
  // first-party app (segment-access.ts), or the operator.
  'Query.segments': anyOf(OPERATOR, business('crm.segments.read')),
  'Query.segment': anyOf(OPERATOR, business('crm.segments.read')),
  'Mutation.createSegment': anyOf(OPERATOR, business(null)),
  'Mutation.updateSegment': anyOf(OPERATOR, business(null)),
  'Mutation.deleteSegment': anyOf(OPERATOR, business(null)),
  'Mutation.addSegmentTarget': anyOf(OPERATOR, business(null)),
  'Mutation.removeSegmentTarget': anyOf(OPERATOR, business(null)),
  // Audience (issue 15): followers and members over time.
  'Query.audience': anyOf(OPERATOR, business('sns.audience.read')),
};
