/**
 * The receipts area: a terminal's latest receipt, terminal claims and transaction-QR tokens (rows),
 * and the receipt pages the QR codes open under `/receipts` (`pages/`, an express router the facade mounts).
 */
import type { FacadeArea } from '../kernel/area.js';
import { RECEIPT_PAGE_PATHS } from './pages/openapi.js';
import { receiptRoutes } from './routes.js';
import { RECEIPT_SCHEMAS } from './schemas.js';

export const receiptsArea: FacadeArea = {
  name: 'receipts',
  routes: receiptRoutes,
  schemas: RECEIPT_SCHEMAS,
  extraPaths: RECEIPT_PAGE_PATHS,
};

export { createReceiptPagesRouter, type ReceiptPagesOptions } from './pages/router.js';
export { receiptPageCookieKey } from './pages/cookies.js';
export type { ReceiptPageClient } from './pages/operations.js';
