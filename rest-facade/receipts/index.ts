/** The receipts area: a terminal's latest receipt, terminal claims and transaction-QR tokens. */
import type { FacadeArea } from '../kernel/area.js';
import { receiptRoutes } from './routes.js';
import { RECEIPT_SCHEMAS } from './schemas.js';

export const receiptsArea: FacadeArea = { name: 'receipts', routes: receiptRoutes, schemas: RECEIPT_SCHEMAS };
