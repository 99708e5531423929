/** Rows of the wallet area owned by the google-push part of the wallet issue (filled in by it). */
import type { JsonSchema, Route } from '../kernel/route.js';

export const googlePushRoutes: readonly Route[] = [];
export const googlePushSchemas: Readonly<Record<string, JsonSchema>> = {};
