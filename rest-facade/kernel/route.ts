/**
 * A REST route is data (after SOFA): method, path, a named GraphQL operation, how to build its
 * variables, where the payload sits in the result, the success status and the error statuses.
 * The OpenAPI document is generated from the same rows.
 */
import type { FieldError } from '../../subgraphs/kernel/errors.js';
import type { ParamSpecs } from './params.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A kind of caller an access rule admits (the operator credential, a user token, a business token). */
export type CallerKind = 'operator' | 'user' | 'business';

/** A row's security requirement: a bearer token of one of `callers`, carrying every one of `scopes`. */
export interface RowAuth {
  readonly callers: readonly CallerKind[];
  readonly scopes: readonly string[];
}

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
  /** The `Authorization` header, for rows that take credentials from it (bearer token, HTTP Basic). */
  readonly authorization?: string | undefined;
  /** The request headers the row declares in `headerParams`, by their declared name (absent when not sent). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The request body's exact bytes, for rows that declare `rawBody` (empty when none was sent). */
  readonly rawBody?: Buffer;
}

/** A request header a row reads (documented as an OpenAPI header parameter, never required). */
export interface HeaderParamSpec {
  readonly description: string;
  readonly maxLength?: number;
}

/** A form body (`application/x-www-form-urlencoded`): each parameter once, as a string. */
export interface FormInput {
  readonly params: Readonly<Record<string, string>>;
  readonly authorization: string | undefined;
}

/** Thrown by a row's `variables` to refuse a request before any operation runs (a 400 problem). */
export class RequestRejected extends Error {
  constructor(
    readonly code: string,
    detail: string,
    readonly status = 400,
    /** Field-level failures, sent as the problem's `errors`. */
    readonly errors?: readonly FieldError[],
  ) {
    super(detail);
  }
}

/**
 * A second request dialect of a row, chosen by `Content-Type: application/x-www-form-urlencoded`:
 * the RFC 6749 / 7009 / 7662 form body, answered in that standard's own terms.
 */
export interface FormDialect {
  /** The GraphQL operation this dialect runs. Default: the row's. */
  readonly operation?: Operation;
  /** What differs in this dialect (documented in OpenAPI). */
  readonly description: string;
  readonly schema: JsonSchema;
  readonly variables: (input: FormInput) => Record<string, unknown>;
  readonly result: (data: Record<string, unknown>) => unknown;
  readonly responseSchema: JsonSchema;
  /** Status by error `code` (the GraphQL `extensions.reason`), in this dialect. */
  readonly statusByReason: Readonly<Record<string, number>>;
  /** Error statuses of this dialect, documented beside the row's. */
  readonly errors: Readonly<Record<number, string>>;
}

/** What the `result` of a binary row returns: the bytes and their media type. */
export interface BinaryPayload {
  /** One of the row's declared `mediaTypes`. */
  readonly contentType: string;
  readonly bytes: Uint8Array;
  /** The file name offered in Content-Disposition, when the row declares a disposition. */
  readonly filename?: string;
  /** When the content last changed, for rows whose answer declares `lastModified` (Last-Modified, If-Modified-Since). */
  readonly lastModified?: Date;
}

/**
 * The success answer is bytes (a PNG, a PDF, a `.pkpass`), not JSON: `result` returns a
 * {@link BinaryPayload}. The facade adds a strong ETag (a digest of the bytes) and answers a GET whose
 * `If-None-Match` matches it with 304 and no body.
 */
export interface BinaryAnswer {
  readonly kind: 'binary';
  /** Media types the row can answer, documented as `format: binary`. */
  readonly mediaTypes: readonly string[];
  /** Cache-Control of the answer and of its 304, e.g. `private, max-age=300`. */
  readonly cacheControl: string;
  /** Content-Disposition: `inline` (shown) or `attachment` (saved), with the payload's filename. */
  readonly disposition?: 'inline' | 'attachment';
  /**
   * The payload carries `lastModified`: the answer has a Last-Modified header, and a GET whose
   * If-Modified-Since is not older (and that sends no If-None-Match) is answered 304.
   */
  readonly lastModified?: boolean;
}

/**
 * The success answer is JSON that caches may keep and revalidate (public content): the facade adds a
 * strong ETag (a digest of the representation: media type and body) and `cacheControl`, and answers a
 * GET whose `If-None-Match` matches with 304 and no body.
 */
export interface CachedJsonAnswer {
  readonly kind: 'cached-json';
  /** Cache-Control of the answer and of its 304, e.g. `public, max-age=60`. */
  readonly cacheControl: string;
}

/** The success answer is a redirect (the row's `status`: 302 or 303): `result` returns the Location. */
export interface RedirectAnswer {
  readonly kind: 'redirect';
}

/** The success answer has no body whatever its status (e.g. 200 to a webhook sender); `responseSchema` null. */
export interface EmptyAnswer {
  readonly kind: 'empty';
}

/**
 * The body is read as bytes, unparsed and of any media type (a signed webhook: its signature covers the
 * exact bytes), at most `maxBytes` (413 above), and given to `variables` as `rawBody`.
 */
export interface RawBody {
  readonly maxBytes: number;
}

/** How a row's errors are written: RFC 9457 problems, or OAuth JSON (error, error_description + problem fields). */
export type ErrorFormat = 'problem' | 'oauth';

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
  /** Request headers the row reads (e.g. `X-Claim-Token`), passed to `variables` as `headers`. */
  readonly headerParams?: Readonly<Record<string, HeaderParamSpec>>;
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
  /**
   * Who may call the row: absent for anyone, else a bearer token of these callers with these scopes.
   * It restates the access rule of the operation the row runs (access.test.ts ties the two).
   */
  readonly auth?: RowAuth;
  /** Status by error `code` (the GraphQL `extensions.reason`), over the code mapping. */
  readonly statusByReason?: Readonly<Record<string, number>>;
  /** The form dialect, when the row also accepts `application/x-www-form-urlencoded`. */
  readonly form?: FormDialect;
  /** How errors are written. Default `problem`. */
  readonly errorFormat?: ErrorFormat;
  /**
   * The row's 429 is a lock after failed attempts (with Retry-After), not a quota: no RateLimit headers
   * are documented. OAuth rows' 429 always is.
   */
  readonly lockout?: boolean;
  /** Headers on every response of the row (e.g. `Cache-Control: no-store`). */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** A success answer other than JSON: bytes or a redirect. Default JSON (`responseSchema`). */
  readonly answer?: BinaryAnswer | CachedJsonAnswer | RedirectAnswer | EmptyAnswer;
  /** Read the body as raw bytes instead of JSON (see {@link RawBody}). */
  readonly rawBody?: RawBody;
  /**
   * Whether the caller's `Authorization` header goes to GraphQL as the caller's credential. Default
   * true; OAuth rows read client credentials or the token to check from it instead.
   */
  readonly forwardAuthorization?: boolean;
}
