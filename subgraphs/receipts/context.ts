import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { groupedLoader, keyedLoader } from '../kernel/loaders.js';
import { BudgetService } from './budget/budget.service.js';
import { ConsumerReceiptsService } from './consumer/consumer.service.js';
import { QrService } from './qr/qr.service.js';
import { ClaimTokenQrService } from './qr/claim-token-qr.service.js';
import { ActiveQrTokens } from './claim/active-qr-token.lookup.js';
import { Terminal } from './terminal/terminal.entity.js';
import { TerminalService } from './terminal/terminal.service.js';
import { TransactionService } from './transaction/transaction.service.js';
import { RecordingService } from './transaction/recording.service.js';
import { ClaimService } from './claim/claim.service.js';
import { ReceiptService } from './claim/receipt.service.js';
import { StorefrontService } from './storefront/storefront.service.js';
import { SalesOrderLine } from './order/order.entity.js';
import { OrderService } from './order/order.service.js';
import { ReceiptsProfileService } from './customer-profile/customer-profile.service.js';
import { SalesReportService } from './sales-report/sales-report.service.js';
import { SalesInsightService } from './sales-insight/sales-insight.service.js';

/** The receipts subgraph's per-request context: loaders and services bound to this request. */
export interface ReceiptsContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly terminals: TerminalService;
  readonly qr: QrService;
  readonly claimTokenQr: ClaimTokenQrService;
  readonly transactions: TransactionService;
  readonly recording: RecordingService;
  readonly receipts: ReceiptService;
  readonly claims: ClaimService;
  readonly budgets: BudgetService;
  readonly consumer: ConsumerReceiptsService;
  readonly storefront: StorefrontService;
  readonly orders: OrderService;
  readonly customerProfiles: ReceiptsProfileService;
  readonly salesReports: SalesReportService;
  readonly salesInsights: SalesInsightService;
}

function createLoaders(ctx: BaseContext, transactions: TransactionService) {
  return {
    // Terminals this request has loaded already (a claim's own) come from the identity map, not again from the database.
    terminalById: keyedLoader<string, Terminal>(
      async (ids) => {
        const unitOfWork = ctx.em.getUnitOfWork();
        const known = ids.flatMap((id) => unitOfWork.getById(Terminal, id) ?? []);
        const missing = ids.filter((id) => isUuid(id) && !known.some((t) => t.id === id));
        return missing.length === 0 ? known : [...known, ...(await ctx.em.find(Terminal, { id: { $in: missing } }))];
      },
      (t) => t.id,
    ),
    transactionById: keyedLoader(
      (ids: readonly string[]) => transactions.findByIds(ids),
      (t) => t.id,
    ),
    /** The lines of orders (by order id), in position order. */
    orderLines: groupedLoader<string, SalesOrderLine>(
      (orderIds) =>
        ctx.em.find(
          SalesOrderLine,
          { orderId: { $in: [...orderIds] } },
          { orderBy: { orderId: 'asc', position: 'asc' } },
        ),
      (line) => line.orderId,
    ),
  };
}

export function createReceiptsContext(base: BaseContext): ReceiptsContext {
  const transactions = new TransactionService(base);
  const terminals = new TerminalService(base);
  const budgets = new BudgetService(base);
  const salesReports = new SalesReportService(base);
  return {
    ...base,
    loaders: createLoaders(base, transactions),
    terminals,
    transactions,
    qr: new QrService(base, terminals),
    claimTokenQr: new ClaimTokenQrService(base, new ActiveQrTokens(base.em)),
    recording: new RecordingService(base, terminals),
    receipts: new ReceiptService(base, terminals),
    claims: new ClaimService(base, terminals),
    budgets,
    consumer: new ConsumerReceiptsService(base, budgets),
    storefront: new StorefrontService(base),
    orders: new OrderService(base),
    customerProfiles: new ReceiptsProfileService(base),
    salesReports,
    salesInsights: new SalesInsightService(base, salesReports),
  };
}
