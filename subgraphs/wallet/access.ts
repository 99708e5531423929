/** Who may call each root operation of the wallet subgraph (combined by the kernel's access table). */
import { OPERATOR, type AccessTable } from '../kernel/auth/operation-access.js';

export const WALLET_ACCESS: AccessTable = {
  // Operator views until customer and shop tokens are wired to them.
  'Query.notificationTokens': OPERATOR,
  'Query.walletPasses': OPERATOR,
};
