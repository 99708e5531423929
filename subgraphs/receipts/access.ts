/** Who may call each root operation of the receipts subgraph (combined by the kernel's access table). */
import { OPERATOR, PUBLIC, type AccessTable } from '../kernel/auth/operation-access.js';

export const RECEIPTS_ACCESS: AccessTable = {
  'Query.terminal': PUBLIC,
  'Mutation.createTerminal': OPERATOR,
};
