/** The receipts subgraph: terminals, transactions, claims and transaction-QR tokens; later QR images and budgets. */
import { buildFederatedSchema } from '../kernel/federation.js';
import { RECEIPTS_ACCESS } from './access.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { Budget } from './budget/budget.entity.js';
import { BudgetResolver } from './budget/budget.resolver.js';
import { ConsumerReceiptsResolver } from './consumer/consumer.resolver.js';
import { createReceiptsContext, type ReceiptsContext } from './context.js';
import { QrResolver } from './qr/qr.resolver.js';
import { Terminal } from './terminal/terminal.entity.js';
import { TerminalResolver } from './terminal/terminal.resolver.js';
import { Transaction } from './transaction/transaction.entity.js';
import { ReceiptClaim } from './claim/receipt-claim.entity.js';
import { TransactionQrToken } from './claim/transaction-qr-token.entity.js';
import { TransactionResolver } from './transaction/transaction.resolver.js';
import { ClaimResolver } from './claim/claim.resolver.js';
import { ShopInstallation } from './storefront/shop-installation.entity.js';
import { storefrontWebhooksJob } from './storefront/storefront-processing.js';
import { StorefrontOrder } from './storefront/storefront-order.entity.js';
import { StorefrontPrivacyRequest } from './storefront/storefront-privacy-request.entity.js';
import { StorefrontStockLevel } from './storefront/storefront-stock-level.entity.js';
import { StorefrontWebhook } from './storefront/storefront-webhook.entity.js';
import { StorefrontResolver } from './storefront/storefront.resolver.js';
import { SalesOrder, SalesOrderCounter, SalesOrderLine } from './order/order.entity.js';
import { OrderLineResolver, OrderResolver } from './order/order.resolver.js';
// issue 15: customer profiles
import { ReceiptsCustomerProfile } from './customer-profile/customer-profile.types.js';
import { ReceiptsCustomerProfileResolver } from './customer-profile/customer-profile.resolver.js';
import { SalesReportResolver } from './sales-report/sales-report.resolver.js';
import { SalesInsightResolver } from './sales-insight/sales-insight.resolver.js';

export { RECEIPTS_ACCESS } from './access.js';
export { Terminal } from './terminal/terminal.entity.js';
export { TerminalService } from './terminal/terminal.service.js';
export { Transaction } from './transaction/transaction.entity.js';

export const receiptsSubgraph: SubgraphModule<ReceiptsContext> = {
  name: 'receipts',
  access: RECEIPTS_ACCESS,
  entities: [
    Terminal,
    Transaction,
    TransactionQrToken,
    ReceiptClaim,
    Budget,
    ShopInstallation,
    StorefrontWebhook,
    StorefrontOrder,
    StorefrontStockLevel,
    StorefrontPrivacyRequest,
    SalesOrder,
    SalesOrderLine,
    SalesOrderCounter,
  ],
  buildSchema: () =>
    buildFederatedSchema(
      {
        resolvers: [
          TerminalResolver,
          TransactionResolver,
          ClaimResolver,
          BudgetResolver,
          ConsumerReceiptsResolver,
          QrResolver,
          StorefrontResolver,
          OrderResolver,
          OrderLineResolver,
          ReceiptsCustomerProfileResolver,
          SalesReportResolver,
          SalesInsightResolver,
        ],
        // issue 15: reachable only through federation references
        orphanedTypes: [ReceiptsCustomerProfile],
      },
      {
        Terminal: {
          __resolveReference: (ref: { id: string }, ctx: ReceiptsContext) => ctx.loaders.terminalById.load(ref.id),
        },
        Transaction: {
          __resolveReference: (ref: { id: string }, ctx: ReceiptsContext) => ctx.loaders.transactionById.load(ref.id),
        },
        // issue 15: a profile of the caller's business with crm.profiles.read, else null.
        CustomerProfile: {
          __resolveReference: (ref: { id: string }, ctx: ReceiptsContext) => ctx.customerProfiles.reference(ref.id),
        },
      },
    ),
  createContext: createReceiptsContext,
  jobs: () => [storefrontWebhooksJob()],
};
