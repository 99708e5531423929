/**
 * Mounts the route table on express: parse the request, run the route's GraphQL operation, map the
 * result or the first error to a response. Malformed JSON 400, bodies over 1 MiB 413, other media
 * types 415. Rows with a form dialect also read
 * `application/x-www-form-urlencoded`, answered in that dialect's terms.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { VALIDATION_FAILED_DETAIL, type FieldError } from '../../subgraphs/kernel/errors.js';
import { FIELD_NAMES, findUnsafeText } from '../../subgraphs/kernel/input/unsafe-text.js';
import { classifyBodyError, type BodyError } from '../../subgraphs/kernel/http/body-errors.js';
import { log } from '../../subgraphs/kernel/logger.js';
import type { GraphQLExecutor } from './executor.js';
import { assertAnswerShape, sendAnswer } from './answer.js';
import { BODY_POINTERS, fieldOrigins, restFieldErrors, type FieldOrigins } from './field-path.js';
import { outageProblem, sendProblem, type ErrorStyle } from './http.js';
import { formParams, isBasic } from './oauth-params.js';
import { parseParams } from './params.js';
import { problemFromGraphQLError, type ProblemInput } from './problem.js';
import { RequestRejected, type Operation, type Route, type RouteInput } from './route.js';

export const JSON_MEDIA_TYPES = ['application/json', 'text/json', 'application/*+json'];
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
export const MAX_BODY_BYTES = 1024 * 1024;

/** What one request runs: the dialect's operation, variables, result mapping and status refinements. */
interface Plan {
  readonly operation: Operation;
  readonly variables: Record<string, unknown>;
  readonly result: (data: Record<string, unknown>) => unknown;
  readonly statusByReason: Readonly<Record<string, number>>;
}

function plan(route: Route, req: Request, input: RouteInput): Plan {
  if (route.form && req.is(FORM_MEDIA_TYPE)) {
    const params = formParams(req.body);
    return {
      operation: route.form.operation ?? route.operation,
      variables: route.form.variables({ params, authorization: input.authorization }),
      result: route.form.result,
      statusByReason: route.form.statusByReason,
    };
  }
  return {
    operation: route.operation,
    variables: route.variables ? route.variables(input) : { ...input.path, ...input.query },
    result: route.result,
    statusByReason: route.statusByReason ?? {},
  };
}

function failure(
  route: Route,
  planned: Plan,
  result: Awaited<ReturnType<GraphQLExecutor['execute']>>,
  body: unknown,
  origins: FieldOrigins,
): ProblemInput {
  const firstError = result.errors?.[0];
  if (!firstError) return { status: 500, code: 'internal_error', detail: 'The operation returned no data.' };
  const { errors, ...input } = problemFromGraphQLError(firstError, route.statusOverrides, body);
  // Services name fields their own way; the problem names body members by JSON pointer.
  const named = { ...input, ...(errors ? { errors: restFieldErrors(errors, origins) } : {}) };
  const status = input.status < 500 ? planned.statusByReason[input.code] : undefined;
  return status === undefined ? named : { ...named, status };
}

/** The headers the row declares, as sent (a header sent twice arrives joined, and fails its own checks). */
function declaredHeaders(route: Route, req: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(route.headerParams ?? {})) {
    const value = req.get(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

function routeHandler(route: Route, executor: GraphQLExecutor) {
  return async (req: Request, res: Response): Promise<void> => {
    for (const [name, value] of Object.entries(route.responseHeaders ?? {})) res.setHeader(name, value);
    const origins = fieldOrigins(route, Boolean(route.form && req.is(FORM_MEDIA_TYPE)));
    const errors: FieldError[] = [];
    const path = parseParams(route.pathParams, req.params, errors);
    const query = parseParams(route.queryParams, req.query, errors);
    // Text PostgreSQL cannot store (NUL) or that is not text (lone surrogates) stops here, named by its REST name.
    // A raw body is bytes for the operation to read (e.g. verify a signature over), not text checked here.
    const bodyNaming = origins.jsonBody ? BODY_POINTERS : FIELD_NAMES;
    errors.push(
      ...findUnsafeText({ ...path, ...query }),
      ...(route.rawBody ? [] : findUnsafeText(req.body, '', bodyNaming)),
    );
    if (errors.length > 0) {
      sendProblem(req, res, {
        status: 400,
        code: 'validation_failed',
        detail: VALIDATION_FAILED_DETAIL,
        errors,
      });
      return;
    }
    const authorization = req.headers.authorization;
    const headers = declaredHeaders(route, req);
    const rawBody = route.rawBody ? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) : undefined;
    let planned: Plan;
    try {
      planned = plan(route, req, {
        path,
        query,
        body: route.rawBody ? undefined : (req.body as unknown),
        authorization,
        headers,
        ...(rawBody ? { rawBody } : {}),
      });
    } catch (error) {
      if (!(error instanceof RequestRejected)) throw error;
      const { status, code, message: detail } = error;
      sendProblem(req, res, { status, code, detail, errors: restFieldErrors(error.errors, origins) });
      return;
    }
    const result = await executor.execute({
      document: planned.operation.document,
      operationName: planned.operation.name,
      variables: planned.variables,
      authorization: route.forwardAuthorization === false ? undefined : authorization,
      requestId: req.requestId,
      clientIp: req.ip,
      userAgent: req.headers['user-agent'],
    });
    // The gateway's rate-limit headers (RateLimit-Policy, RateLimit, Retry-After) go on as they came.
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    if (result.errors?.[0] || !result.data) {
      const input = failure(route, planned, result, route.rawBody ? undefined : req.body, origins);
      // A 503 (an outage) is logged once per outage where it is detected, not once per request here.
      if (input.status >= 500 && input.status !== 503)
        log('error', 'facade operation failed', { requestId: req.requestId, route: route.path, errors: result.errors });
      sendProblem(req, res, input);
      return;
    }
    const payload = planned.result(result.data);
    const status = typeof route.status === 'function' ? route.status(payload) : route.status;
    sendAnswer(req, res, route, status, payload);
  };
}

/** Tells the error writer how this row answers failures (also those of the body parsers). */
function errorStyle(route: Route) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const style: ErrorStyle = {
      format: route.errorFormat ?? 'problem',
      basicAuth: route.form !== undefined && isBasic(req.headers.authorization),
    };
    res.locals.errorStyle = style;
    for (const [name, value] of Object.entries(route.responseHeaders ?? {})) res.setHeader(name, value);
    next();
  };
}

/** Rejects request bodies of a media type the row does not read. */
function requireBodyType(route: Route) {
  const accepted = route.form ? [...JSON_MEDIA_TYPES, FORM_MEDIA_TYPE] : JSON_MEDIA_TYPES;
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is(accepted)) {
      sendProblem(req, res, {
        status: 415,
        code: 'unsupported_media_type',
        detail: route.form
          ? `Send the body as application/json or ${FORM_MEDIA_TYPE}.`
          : 'Send the body as application/json.',
      });
      return;
    }
    next();
  };
}

/** The problem `code` of each body failure (the facade's names predate the shared classification). */
const FACADE_CODE: Readonly<Record<BodyError['reason'], string>> = {
  malformed_body: 'malformed_json',
  body_too_large: 'body_too_large',
  unsupported_media_type: 'unsupported_media_type',
  bad_request: 'bad_request',
};

/**
 * Maps body-parser failures (body-errors.ts) to problems and a database outage thrown outside
 * GraphQL to 503 with Retry-After; anything else is an unexpected 500.
 */
function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const bodyError = classifyBodyError(error);
  if (bodyError) {
    sendProblem(req, res, { status: bodyError.status, code: FACADE_CODE[bodyError.reason], detail: bodyError.detail });
    return;
  }
  const outage = outageProblem(error, req.requestId);
  if (outage) {
    sendProblem(req, res, outage);
    return;
  }
  log('error', 'unhandled facade error', { requestId: req.requestId, error });
  sendProblem(req, res, {
    status: 500,
    code: 'internal_error',
    detail: 'An unexpected error occurred. Quote the traceId when reporting it.',
  });
}

/** The router of a table: one handler per row, 405 for a known path with another method, 404 otherwise. */
export function createFacadeRouter(routes: readonly Route[], executor: GraphQLExecutor): Router {
  const router = express.Router({ strict: false });
  const jsonBody = express.json({ limit: MAX_BODY_BYTES, type: JSON_MEDIA_TYPES, strict: false });
  const formBody = express.urlencoded({ limit: MAX_BODY_BYTES, type: FORM_MEDIA_TYPE, extended: false });
  const methodsByPath = new Map<string, string[]>();
  for (const route of routes) {
    assertAnswerShape(route);
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
    const handler = routeHandler(route, executor);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const bodies = route.form ? [jsonBody, formBody] : [jsonBody];
    if (route.rawBody)
      router[method](
        route.path,
        errorStyle(route),
        express.raw({ type: () => true, limit: route.rawBody.maxBytes }),
        handler,
      );
    else if (route.requestBody)
      router[method](route.path, errorStyle(route), requireBodyType(route), ...bodies, handler);
    else router[method](route.path, errorStyle(route), handler);
  }
  for (const [path, methods] of methodsByPath) {
    router.all(path, (req, res) => {
      res.setHeader('Allow', methods.join(', '));
      sendProblem(req, res, {
        status: 405,
        code: 'method_not_allowed',
        detail: `Use ${methods.join(' or ')} on this path.`,
      });
    });
  }
  router.use((req, res) =>
    sendProblem(req, res, { status: 404, code: 'route_not_found', detail: 'No such endpoint.' }),
  );
  router.use(errorHandler);
  return router;
}
