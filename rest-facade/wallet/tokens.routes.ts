/** Rows of the wallet area owned by the tokens part of the wallet issue (filled in by it). */
import type { JsonSchema, Route } from '../kernel/route.js';

export const tokensRoutes: readonly Route[] = [];
export const tokensSchemas: Readonly<Record<string, JsonSchema>> = {};
