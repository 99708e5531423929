/** The receipts subgraph: terminals and transactions, and later claims, transaction-QR tokens, QR images and budgets. */
import { buildFederatedSchema } from '../kernel/federation.js';
import { RECEIPTS_ACCESS } from './access.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { createReceiptsContext, type ReceiptsContext } from './context.js';
import { QrResolver } from './qr/qr.resolver.js';
import { Terminal } from './terminal/terminal.entity.js';
import { TerminalResolver } from './terminal/terminal.resolver.js';
import { Transaction } from './transaction/transaction.entity.js';
import { TransactionResolver } from './transaction/transaction.resolver.js';

export { RECEIPTS_ACCESS } from './access.js';
export { Terminal } from './terminal/terminal.entity.js';
export { TerminalService } from './terminal/terminal.service.js';
export { Transaction } from './transaction/transaction.entity.js';

export const receiptsSubgraph: SubgraphModule<ReceiptsContext> = {
  name: 'receipts',
  access: RECEIPTS_ACCESS,
  entities: [Terminal, Transaction],
  buildSchema: () =>
    // Transaction has no root field yet (last-receipt and claims arrive later); it is reachable as an entity.
    buildFederatedSchema(
      { resolvers: [TerminalResolver, TransactionResolver, QrResolver], orphanedTypes: [Transaction] },
      {
        Terminal: {
          __resolveReference: (ref: { id: string }, ctx: ReceiptsContext) => ctx.loaders.terminalById.load(ref.id),
        },
        Transaction: {
          __resolveReference: (ref: { id: string }, ctx: ReceiptsContext) => ctx.loaders.transactionById.load(ref.id),
        },
      },
    ),
  createContext: createReceiptsContext,
};
