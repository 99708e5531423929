/**
 * A REST route is data (after SOFA): method, path, a named GraphQL operation, how to build its
 * variables, where the payload sits in the result, the success status and the error statuses.
 * The OpenAPI document is generated from the same rows.
 */
import type { ParamSpecs } from './params.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A named GraphQL document the route executes. */
export interface Operation {
  readonly name: string;
  readonly document: string;
}

/** A JSON Schema (OpenAPI 3.1 dialect) or a reference to a component. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface RouteInput {
  readonly path: Readonly<Record<string, string | number>>;
  readonly query: Readonly<Record<string, string | number>>;
  readonly body: unknown;
}

export interface Route {
  readonly method: HttpMethod;
  /** Express-style path, e.g. `/api/v1/public/stores/:storeId`. */
  readonly path: string;
  readonly operation: Operation;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly pathParams?: ParamSpecs;
  readonly queryParams?: ParamSpecs;
  readonly requestBody?: { readonly required: boolean; readonly schema: JsonSchema };
  /** GraphQL variables from the parsed request. Default: path and query parameters as they are. */
  readonly variables?: (input: RouteInput) => Record<string, unknown>;
  /** The response payload from `data`. */
  readonly result: (data: Record<string, unknown>) => unknown;
  /** Success status, or a function of the payload (e.g. 200 existing / 201 created). */
  readonly status: number | ((payload: unknown) => number);
  /** Success statuses the route can answer, for the document (default: `[status]`). */
  readonly successStatuses?: readonly number[];
  readonly responseSchema: JsonSchema | null;
  /** Error statuses this route can answer, with what they mean (documented in OpenAPI). */
  readonly errors: Readonly<Record<number, string>>;
  /** Per-route refinement of the GraphQL-code -> status mapping. */
  readonly statusOverrides?: Readonly<Record<string, number>>;
  /** Security requirement: none, or a bearer token with these scopes. */
  readonly auth?: { readonly scopes: readonly string[] };
}
