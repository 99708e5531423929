/** Who may call each root operation of the receipts subgraph (combined by the kernel's access table). */
import { OPERATOR, PUBLIC, type AccessTable } from '../kernel/auth/operation-access.js';

export const RECEIPTS_ACCESS: AccessTable = {
  'Query.terminal': PUBLIC,
  'Mutation.createTerminal': OPERATOR,
  // Printed at the counter for anyone to scan; the card names only a store the caller may see.
  'Query.terminalQrImage': PUBLIC,
  'Query.terminalQrCard': PUBLIC,
};
