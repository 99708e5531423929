/** Who may call each root operation of the receipts subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, PUBLIC, user, type AccessTable } from '../kernel/auth/operation-access.js';

export const RECEIPTS_ACCESS: AccessTable = {
  'Query.terminal': PUBLIC,
  'Mutation.createTerminal': OPERATOR,
  // Consumers read and claim receipts without signing in; a user token, when sent, attaches the claim.
  'Query.lastReceipt': PUBLIC,
  'Query.transactionQrReceipt': PUBLIC,
  'Mutation.claimTerminalReceipt': PUBLIC,
  'Mutation.claimTransactionQr': PUBLIC,
  // A till records its own sales with its business's token; the service checks the store is theirs.
  'Mutation.recordTransaction': anyOf(OPERATOR, business('store.receipts.write')),
  'Mutation.revokeTransactionQrToken': anyOf(OPERATOR, business('store.receipts.write')),
  // The consumer's own budget (DECISIONS: budget GET user.spending.read, PUT user.spending.write).
  'Query.myBudget': user('user.spending.read'),
  'Mutation.setMyBudget': user('user.spending.write'),
  'Query.myReceipts': user('user.receipts.read'),
  'Query.mySpending': user('user.spending.read'),
  // Printed at the counter for anyone to scan; the card names only a store the caller may see.
  'Query.terminalQrImage': PUBLIC,
  'Query.terminalQrCard': PUBLIC,
  // The token is the credential (128+ random bits): whoever holds it may print its code.
  'Query.claimTokenQrImage': PUBLIC,
  'Query.claimTokenQrCard': PUBLIC,
  // Inbound storefront webhooks: the HMAC of the raw body under the shop's secret is the credential.
  'Mutation.receiveStorefrontWebhook': PUBLIC,
  // The shop's orders become the business's transactions (the service checks the store is theirs).
  'Mutation.installShop': anyOf(OPERATOR, business('store.orders.write')),
  'Query.shopInstallations': anyOf(OPERATOR, business('store.orders.read')),
  // DECISIONS.md, Operator CLI: webhook-secret:set --shop-domain D --secret S.
  'Mutation.setShopWebhookSecret': OPERATOR,
  // A shop domain stays bound to its business until the operator frees it (ops shop:release).
  'Mutation.releaseShopDomain': OPERATOR,
  // Orders (issue 14): the business's own orders (the service checks ownership), or the operator.
  'Query.orders': anyOf(OPERATOR, business('store.orders.read')),
  'Query.order': anyOf(OPERATOR, business('store.orders.read')),
  'Mutation.createOrder': anyOf(OPERATOR, business('store.orders.write')),
  'Mutation.markOrderPaid': anyOf(OPERATOR, business('store.orders.write')),
  'Mutation.fulfillOrder': anyOf(OPERATOR, business('store.orders.write')),
  'Mutation.closeOrder': anyOf(OPERATOR, business('store.orders.write')),
  'Mutation.cancelOrder': anyOf(OPERATOR, business('store.orders.write')),
  // Sales reports and insights (issue 15): the business's own stores; the operator has no business to report on.
  'Query.salesReport': business('sales.read'),
  'Query.salesTopProducts': business('sales.read'),
  'Query.salesReportCsv': business('sales.read'),
  'Query.salesInsights': business('sales.read'),
};
