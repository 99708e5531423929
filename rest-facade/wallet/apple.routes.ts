/** Rows of the wallet area owned by the apple part of the wallet issue (filled in by it). */
import type { JsonSchema, Route } from '../kernel/route.js';

export const appleRoutes: readonly Route[] = [];
export const appleSchemas: Readonly<Record<string, JsonSchema>> = {};
