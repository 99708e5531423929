/** Who may call each root operation of the receipts subgraph (combined by the kernel's access table). */
import { OPERATOR, PUBLIC, user, type AccessTable } from '../kernel/auth/operation-access.js';

export const RECEIPTS_ACCESS: AccessTable = {
  'Query.terminal': PUBLIC,
  'Mutation.createTerminal': OPERATOR,
  // The consumer's own budget (DECISIONS: budget GET user.spending.read, PUT user.spending.write).
  'Query.myBudget': user('user.spending.read'),
  'Mutation.setMyBudget': user('user.spending.write'),
  'Query.myReceipts': user('user.receipts.read'),
  'Query.mySpending': user('user.spending.read'),
};
