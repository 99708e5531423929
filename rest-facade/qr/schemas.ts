/**
 * Component schemas of the QR area: none. Its answers are bytes (`format: binary`, documented by the
 * binary answer of each row) and its errors are the shared problem details.
 */
import type { JsonSchema } from '../kernel/route.js';

export const QR_SCHEMAS: Readonly<Record<string, JsonSchema>> = {};
