/**
 * The request body of every `/graphql` endpoint (gateway and subgraph servers): JSON of at most
 * 1 MiB, uncompressed, and failures answered as the GraphQL-over-HTTP spec asks (a JSON body with
 * `errors`, a 4xx status), never express's HTML page.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { classifyBodyError, MAX_JSON_BODY_BYTES } from './body-errors.js';
import { sendJsonError } from './json-errors.js';

/** The `extensions.code` of each body failure (GraphQL-over-HTTP leaves codes to the server). */
const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Parses `application/json` bodies up to 1 MiB. No `Content-Encoding` is accepted (`inflate:
 * false`): a compressed body would be a way around the size limit for no benefit.
 */
export function graphqlJsonBody(): RequestHandler {
  return express.json({ limit: MAX_JSON_BODY_BYTES, inflate: false });
}

/**
 * Answers a body failure as GraphQL errors: `application/graphql-response+json` when the client
 * accepts it, else `application/json`; 400, 413 or 415. Other errors go on to the app's last handler.
 */
export function graphqlBodyErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const failure = classifyBodyError(error);
  if (!failure || res.headersSent) {
    next(error);
    return;
  }
  const type =
    req.accepts(['application/json', 'application/graphql-response+json']) === 'application/graphql-response+json'
      ? 'application/graphql-response+json'
      : 'application/json';
  sendJsonError(res, failure.status, type, {
    errors: [
      {
        message: failure.detail,
        extensions: { code: CODE_BY_STATUS[failure.status], reason: failure.reason, traceId: req.requestId },
      },
    ],
  });
}
