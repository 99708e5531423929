/** Who may call each root operation of the wallet subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, PUBLIC, user, type AccessTable } from '../kernel/auth/operation-access.js';

export const WALLET_ACCESS: AccessTable = {
  // Operator views until customer and shop tokens are wired to them.
  'Query.notificationTokens': OPERATOR,
  'Query.walletPasses': OPERATOR,
  // Apple Wallet (apple part): the pass for its customer, the shop's business or the operator (the service checks
  // which customer); the pass web service is public and authenticates by the pass's own ApplePass token.
  'Query.appleWalletPass': anyOf(user(null), business('store.customers.read'), OPERATOR),
  'Query.appleWalletLatestPass': PUBLIC,
  'Query.appleWalletUpdatedSerials': PUBLIC,
  'Mutation.appleWalletRegisterDevice': PUBLIC,
  'Mutation.appleWalletUnregisterDevice': PUBLIC,
  'Mutation.appleWalletLog': PUBLIC,
};
