/** Who may call each root operation of the wallet subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, user, type AccessTable } from '../kernel/auth/operation-access.js';

export const WALLET_ACCESS: AccessTable = {
  // Operator views until customer and shop tokens are wired to them.
  'Query.notificationTokens': OPERATOR,
  'Query.walletPasses': OPERATOR,
  // The customer's own user token (any scope), the shop's business token, the operator; the service
  // answers 404 customer_not_found for a customer the caller may not act on (customer-access.ts).
  'Query.googleWalletSaveUrl': anyOf(user(null), business('store.customers.read'), OPERATOR),
  'Mutation.pushWalletPass': anyOf(user(null), business('store.customers.write'), OPERATOR),
};
