/**
 * The REST facade's route table, assembled from its areas in this one place.
 *
 * Layout: `rest-facade/<area>/` (stores, user, oauth, ...) holds an area's rows (`routes.ts`), their
 * GraphQL documents (`operations.ts`) and payload schemas (`schemas.ts`), exported as one
 * {@link FacadeArea} from its `index.ts`. `rest-facade/kernel/` holds what every area shares: the row
 * types, parameter and body parsing, problem mapping, the router and the OpenAPI builder. Areas import
 * only from `kernel/` and their own folder, never from this file, `index.ts` or another area
 * (layout.test.ts checks it). Adding an endpoint for an existing operation touches only its area
 * folder; adding an area adds it to {@link AREAS}.
 */
import { appsArea } from './apps/index.js';
import { checkinsArea } from './checkins/index.js';
import { dashboardArea } from './dashboard/index.js';
import type { FacadeArea } from './kernel/area.js';
import { buildOpenApiDocument, type OpenApiDocument } from './kernel/openapi.js';
import type { JsonSchema, Route } from './kernel/route.js';
import { oauthArea } from './oauth/index.js';
import { receiptsArea } from './receipts/index.js';
import { qrArea } from './qr/index.js';
import { storesArea } from './stores/index.js';
import { storefrontArea } from './storefront/index.js';
import { surveysArea } from './surveys/index.js';
import { userArea } from './user/index.js';
import { walletArea } from './wallet/index.js';
import { webhooksArea } from './webhooks/index.js';

/** Every area, in the order their rows are listed. */
export const AREAS: readonly FacadeArea[] = [
  storesArea,
  appsArea,
  oauthArea,
  userArea,
  checkinsArea,
  receiptsArea,
  qrArea,
  surveysArea,
  walletArea,
  storefrontArea,
  webhooksArea,
  dashboardArea,
];

export const routes: readonly Route[] = AREAS.flatMap((area) => area.routes);

/** @throws Error when two areas publish a schema under one name. */
function mergeSchemas(areas: readonly FacadeArea[]): Readonly<Record<string, JsonSchema>> {
  const merged: Record<string, JsonSchema> = {};
  for (const area of areas) {
    for (const [name, schema] of Object.entries(area.schemas)) {
      if (name in merged) throw new Error(`OpenAPI: schema ${name} is published by two areas`);
      merged[name] = schema;
    }
  }
  return merged;
}

/** The component schemas of every area. */
export const areaSchemas = mergeSchemas(AREAS);

/** Documented paths served outside the table (the authorization pages). */
export const extraPaths = Object.assign({}, ...AREAS.map((area) => area.extraPaths ?? {})) as Readonly<
  Record<string, Record<string, unknown>>
>;

/** The OpenAPI document of the whole facade. */
export function buildFacadeDocument(options: {
  readonly publicUrl: string;
  readonly version: string;
}): OpenApiDocument {
  return buildOpenApiDocument(routes, { ...options, schemas: areaSchemas, extraPaths });
}
