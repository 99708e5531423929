/**
 * The OpenAPI 3.1.1 document, generated from the route table and the component schemas alone, so it
 * cannot drift from what the facade serves. Conventions every path shares (problems, 400/413/415,
 * int32 parameters, X-Request-Id) are added here, once, rather than repeated in every row.
 */
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPES, MAX_BODY_BYTES } from './router.js';
import type { ParamSpec } from './params.js';
import type { CallerKind, JsonSchema, Route } from './route.js';
import { API_DESCRIPTION, HEADERS, PARAMETERS, SECURITY_SCHEMES } from './openapi-components.js';
import { compact, componentRef, responseHeaders, successResponses } from './openapi-success.js';
import { assertAnswerShape } from './answer.js';
import { SHARED_SCHEMAS } from './schemas.js';

export type JsonObject = Readonly<Record<string, unknown>>;

/** An operation of the document; `x-graphql-operation` is the GraphQL document the route runs. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly parameters: readonly JsonObject[];
  readonly requestBody?: JsonObject;
  readonly responses: Readonly<Record<string, JsonObject>>;
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  readonly 'x-graphql-operation': string;
}

export type OpenApiMethod = 'get' | 'post' | 'put' | 'delete';

export interface OpenApiDocument {
  readonly openapi: '3.1.1';
  readonly jsonSchemaDialect: string;
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly tags: readonly { readonly name: string }[];
  readonly paths: Readonly<Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly headers: Readonly<Record<string, JsonObject>>;
    readonly parameters: Readonly<Record<string, JsonObject>>;
    readonly securitySchemes: Readonly<Record<string, JsonObject>>;
  };
}

export interface OpenApiOptions {
  /** The service's public base URL (`PUBLIC_URL`), the document's only server. */
  readonly publicUrl: string;
  /** `info.version`: the version of this description of the v1 interface. */
  readonly version: string;
  /** Path items served outside the route table (the browser pages), merged in as they are. */
  readonly extraPaths?: Readonly<Record<string, Record<string, unknown>>>;
  /** The areas' component schemas, published beside the shared ones (problems). */
  readonly schemas?: Readonly<Record<string, JsonSchema>>;
}

/** The OpenAPI 3.1 base dialect: JSON Schema 2020-12 plus the OpenAPI vocabulary. */
export const OAS_31_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/** Converts an express path (`/stores/:storeId`) to an OpenAPI path template (`/stores/{storeId}`). */
export function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_$][A-Za-z0-9_$]*)/g, '{$1}');
}

const CALLER_NAMES: Readonly<Record<CallerKind, string>> = {
  operator: 'the operator credential',
  user: 'a user token',
  business: 'a business token',
};

const formatScopes = (scopes: readonly string[]): string => scopes.map((scope) => `\`${scope}\``).join(', ');

function parameterSchema(spec: ParamSpec): JsonObject {
  if (spec.type === 'int32') {
    return compact({
      type: 'integer',
      format: 'int32',
      default: spec.default,
      minimum: spec.minimum,
      maximum: spec.maximum,
    });
  }
  return compact({ type: 'string', maxLength: spec.maxLength });
}

function parameter(name: string, location: 'path' | 'query', spec: ParamSpec): JsonObject {
  const example = spec.type === 'string' ? spec.example : undefined;
  const { description } = spec;
  return compact({
    name,
    in: location,
    required: location === 'path',
    description,
    schema: parameterSchema(spec),
    example,
  });
}

function parameters(route: Route): JsonObject[] {
  const pathNames = [...route.path.matchAll(/:([A-Za-z_$][A-Za-z0-9_$]*)/g)].map((match) => match[1] ?? '');
  const inPath = pathNames.map((name) =>
    parameter(name, 'path', route.pathParams?.[name] ?? { type: 'string', description: `The ${name}.` }),
  );
  const inQuery = Object.entries(route.queryParams ?? {}).map(([name, spec]) => parameter(name, 'query', spec));
  const inHeader = Object.entries(route.headerParams ?? {}).map(([name, spec]) =>
    compact({
      name,
      in: 'header',
      required: false,
      description: spec.description,
      schema: compact({ type: 'string', maxLength: spec.maxLength }),
    }),
  );
  const conditional =
    (route.answer?.kind === 'binary' || route.answer?.kind === 'cached-json') && route.method === 'GET';
  return [
    ...inPath,
    ...inQuery,
    ...inHeader,
    ...(conditional ? [componentRef('parameters', 'If-None-Match')] : []),
    componentRef('parameters', 'X-Request-Id'),
  ];
}

/**
 * Whether parsing the route's parameters can fail: any query parameter can (given twice), and any
 * parameter at all can carry text no input may (NUL, unpaired surrogates).
 */
function canRejectParams(route: Route): boolean {
  return Object.keys(route.queryParams ?? {}).length > 0 || Object.keys(route.pathParams ?? {}).length > 0;
}

/** Error statuses: the conventions every route of this shape shares, refined by the route's own list. */
function errorDescriptions(route: Route): Map<number, string> {
  const conventions: Record<number, string> = {};
  if (route.requestBody) {
    conventions[400] =
      'The body is not valid JSON (`malformed_json`) or fails validation (`validation_failed`; `errors` lists the fields).';
  } else if (canRejectParams(route)) {
    conventions[400] = 'A parameter is invalid (`validation_failed`; `errors` lists them).';
  }
  if (route.auth) {
    conventions[401] = 'The bearer token is missing, invalid, expired or revoked.';
    if (route.auth.scopes.length > 0)
      conventions[403] = `The token lacks the scope ${formatScopes(route.auth.scopes)}.`;
  }
  if (route.requestBody) {
    conventions[413] = `The request body exceeds ${MAX_BODY_BYTES / 1024 / 1024} MiB.`;
    const types = route.form ? [...JSON_MEDIA_TYPES, FORM_MEDIA_TYPE] : JSON_MEDIA_TYPES;
    conventions[415] = `The body is not sent as ${types.join(', ')}.`;
  }
  conventions[431] = 'The request header fields are too large: refused by the HTTP server before any operation runs.';
  conventions[500] = 'An unexpected error; quote the `traceId` when reporting it.';
  conventions[503] =
    'A backing service is unreachable (`database_unavailable`, `gateway_unavailable`; OAuth rows `temporarily_unavailable`): retry after `Retry-After` seconds.';
  const dialect = Object.fromEntries(
    Object.entries(route.form?.errors ?? {}).map(([status, text]): [string, string] => [
      status,
      route.errors[Number(status)] ? `${route.errors[Number(status)]} ${text}` : text,
    ]),
  );
  const all: Record<string, string> = { ...conventions, ...route.errors, ...dialect };
  const merged = Object.entries(all).map(([status, text]): [number, string] => [Number(status), text]);
  return new Map(merged.sort(([a], [b]) => a - b));
}

function errorResponses(route: Route): Record<string, JsonObject> {
  const content =
    route.errorFormat === 'oauth'
      ? { 'application/json': { schema: componentRef('schemas', 'OAuthProblem') } }
      : { 'application/problem+json': { schema: componentRef('schemas', 'Problem') } };
  return Object.fromEntries(
    [...errorDescriptions(route)].map(([status, description]) => [
      String(status),
      { description, headers: responseHeaders(route, status), content },
    ]),
  );
}

function operationDescription(route: Route): string {
  const scopes = route.auth?.scopes ?? [];
  const callers = route.auth?.callers.map((kind) => CALLER_NAMES[kind]).join(' or ');
  const auth = route.auth
    ? `Requires a bearer token (${callers})${scopes.length > 0 ? ` with scope ${formatScopes(scopes)}` : ''}.`
    : undefined;
  const graphql = `Runs the GraphQL operation \`${route.operation.name}\` (see \`x-graphql-operation\`).`;
  const formOperation = route.form?.operation;
  const form = route.form
    ? `${route.form.description}${formOperation ? ` Runs \`${formOperation.name}\`:\n\n\`\`\`graphql\n${formOperation.document}\n\`\`\`` : ''}`
    : undefined;
  return [route.description, auth, graphql, form].filter((part) => part !== undefined).join('\n\n');
}

function operation(route: Route): OpenApiOperation {
  const body = route.requestBody;
  const types = route.form ? [...JSON_MEDIA_TYPES, FORM_MEDIA_TYPE] : JSON_MEDIA_TYPES;
  const schemaOf = (type: string): JsonSchema | undefined =>
    type === FORM_MEDIA_TYPE ? route.form?.schema : body?.schema;
  const requestBody = body
    ? {
        required: body.required,
        content: Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }])),
      }
    : undefined;
  return {
    operationId: route.operation.name,
    summary: route.summary,
    description: operationDescription(route),
    tags: [route.tag],
    parameters: parameters(route),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successResponses(route), ...errorResponses(route) },
    ...(route.auth ? { security: [{ bearerAuth: [...route.auth.scopes] }] } : {}),
    'x-graphql-operation': route.operation.document,
  };
}

/**
 * Builds the OpenAPI 3.1.1 document of the route table: one operation per row, the component schemas,
 * the shared headers, parameters and security scheme.
 *
 * @throws Error when two rows share a method and path or an operation name (operationIds must be unique).
 */
export function buildOpenApiDocument(routes: readonly Route[], options: OpenApiOptions): OpenApiDocument {
  const paths: Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>> = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    assertAnswerShape(route);
    const path = toOpenApiPath(route.path);
    const method = route.method.toLowerCase() as OpenApiMethod;
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`OpenAPI: ${route.method} ${path} is listed twice in the route table`);
    if (operationIds.has(route.operation.name))
      throw new Error(`OpenAPI: operation name ${route.operation.name} is used by two routes`);
    operationIds.add(route.operation.name);
    item[method] = operation(route);
  }
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: OAS_31_DIALECT,
    info: { title: 'Retail Media Platform API', version: options.version, description: API_DESCRIPTION },
    servers: [{ url: options.publicUrl, description: 'This service' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths: { ...(options.extraPaths ?? {}), ...paths },
    components: {
      schemas: { ...(options.schemas ?? {}), ...SHARED_SCHEMAS },
      headers: HEADERS,
      parameters: PARAMETERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
