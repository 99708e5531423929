/**
 * Mounts the route table on express: parse the request, run the route's GraphQL operation, map the
 * result or the first error to a response. Malformed JSON 400, bodies over 1 MiB 413, other media
 * types 415 (DECISIONS.md, Conventions).
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { FieldError } from '../subgraphs/kernel/errors.js';
import { log } from '../subgraphs/kernel/logger.js';
import type { GraphQLExecutor } from './executor.js';
import { sendJson, sendProblem } from './http.js';
import { parseParams } from './params.js';
import { problemFromGraphQLError } from './problem.js';
import type { Route } from './route.js';

export const JSON_MEDIA_TYPES = ['application/json', 'text/json', 'application/*+json'];
export const MAX_BODY_BYTES = 1024 * 1024;

function routeHandler(route: Route, executor: GraphQLExecutor) {
  return async (req: Request, res: Response): Promise<void> => {
    const errors: FieldError[] = [];
    const path = parseParams(route.pathParams, req.params, errors);
    const query = parseParams(route.queryParams, req.query, errors);
    if (errors.length > 0) {
      sendProblem(req, res, {
        status: 400,
        code: 'validation_failed',
        detail: 'One or more parameters are invalid.',
        errors,
      });
      return;
    }
    const body: unknown = req.body;
    const variables = route.variables ? route.variables({ path, query, body }) : { ...path, ...query };
    const result = await executor.execute({
      document: route.operation.document,
      operationName: route.operation.name,
      variables,
      authorization: req.headers.authorization,
      requestId: req.requestId,
    });
    const firstError = result.errors?.[0];
    if (firstError || !result.data) {
      const input = firstError
        ? problemFromGraphQLError(firstError, route.statusOverrides)
        : { status: 500, code: 'internal_error', detail: 'The operation returned no data.' };
      if (input.status >= 500)
        log('error', 'facade operation failed', { requestId: req.requestId, route: route.path, errors: result.errors });
      sendProblem(req, res, input);
      return;
    }
    const payload = route.result(result.data);
    const status = typeof route.status === 'function' ? route.status(payload) : route.status;
    if (status === 204) res.status(204).end();
    else sendJson(req, res, status, payload);
  };
}

/** Rejects request bodies that are not JSON on routes that take one. */
function requireJsonBody(req: Request, res: Response, next: NextFunction): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is(JSON_MEDIA_TYPES)) {
    sendProblem(req, res, {
      status: 415,
      code: 'unsupported_media_type',
      detail: 'Send the body as application/json.',
    });
    return;
  }
  next();
}

/** Maps body-parser failures to problems; anything else is an unexpected 500. */
function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed')
    sendProblem(req, res, { status: 400, code: 'malformed_json', detail: 'The request body is not valid JSON.' });
  else if (type === 'entity.too.large')
    sendProblem(req, res, { status: 413, code: 'body_too_large', detail: 'The request body exceeds 1 MiB.' });
  else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    sendProblem(req, res, {
      status: 415,
      code: 'unsupported_media_type',
      detail: 'The body encoding or charset is not supported.',
    });
  } else if (
    typeof (error as { status?: unknown }).status === 'number' &&
    (error as { status: number }).status === 400
  ) {
    sendProblem(req, res, {
      status: 400,
      code: 'bad_request',
      detail: 'The request could not be understood (malformed path or query).',
    });
  } else {
    log('error', 'unhandled facade error', {
      requestId: req.requestId,
      error: error instanceof Error ? error.stack : String(error),
    });
    sendProblem(req, res, {
      status: 500,
      code: 'internal_error',
      detail: 'An unexpected error occurred. Quote the traceId when reporting it.',
    });
  }
}

/** The /api/v1 router: one handler per row, 405 for a known path with another method, 404 otherwise. */
export function createFacadeRouter(routes: readonly Route[], executor: GraphQLExecutor): Router {
  const router = express.Router({ strict: false });
  const jsonBody = express.json({ limit: MAX_BODY_BYTES, type: JSON_MEDIA_TYPES, strict: false });
  const methodsByPath = new Map<string, string[]>();
  for (const route of routes) {
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
    const handler = routeHandler(route, executor);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    if (route.requestBody) router[method](route.path, requireJsonBody, jsonBody, handler);
    else router[method](route.path, handler);
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
