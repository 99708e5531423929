/** The QR area: QR images (PNG) and printable counter cards (PDF) of terminals. */
import type { FacadeArea } from '../kernel/area.js';
import { qrRoutes } from './routes.js';
import { QR_SCHEMAS } from './schemas.js';

export const qrArea: FacadeArea = { name: 'qr', routes: qrRoutes, schemas: QR_SCHEMAS };
