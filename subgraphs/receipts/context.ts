import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { keyedLoader } from '../kernel/loaders.js';
import { QrService } from './qr/qr.service.js';
import { Terminal } from './terminal/terminal.entity.js';
import { TerminalService } from './terminal/terminal.service.js';
import { TransactionService } from './transaction/transaction.service.js';

/** The receipts subgraph's per-request context: loaders and services bound to this request. */
export interface ReceiptsContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly terminals: TerminalService;
  readonly qr: QrService;
  readonly transactions: TransactionService;
}

function createLoaders(ctx: BaseContext, transactions: TransactionService) {
  return {
    terminalById: keyedLoader<string, Terminal>(
      (ids) => ctx.em.find(Terminal, { id: { $in: ids.filter(isUuid) } }),
      (t) => t.id,
    ),
    transactionById: keyedLoader(
      (ids: readonly string[]) => transactions.findByIds(ids),
      (t) => t.id,
    ),
  };
}

export function createReceiptsContext(base: BaseContext): ReceiptsContext {
  const transactions = new TransactionService(base);
  const terminals = new TerminalService(base);
  return {
    ...base,
    loaders: createLoaders(base, transactions),
    terminals,
    qr: new QrService(base, terminals),
    transactions,
  };
}
