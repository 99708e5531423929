/**
 * What a request-body failure of express's parsers (body-parser) means for the caller: one
 * classification shared by the GraphQL endpoints, the authorization pages and the last-resort JSON
 * error handler, so a broken body is always a 4xx and never a 500 or an HTML page.
 */

/** A client error the body parsers raised, in this service's terms. */
export interface BodyError {
  readonly status: 400 | 413 | 415;
  /** snake_case, as in problem `code`s: malformed_body, body_too_large, unsupported_media_type, bad_request. */
  readonly reason: 'malformed_body' | 'body_too_large' | 'unsupported_media_type' | 'bad_request';
  readonly detail: string;
}

/** Bodies of /graphql and of the facade's JSON rows: 1 MiB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** The body-parser error `type`s and what each means. */
const BY_TYPE: Readonly<Record<string, BodyError>> = {
  'entity.parse.failed': { status: 400, reason: 'malformed_body', detail: 'The request body could not be parsed.' },
  'entity.too.large': { status: 413, reason: 'body_too_large', detail: 'The request body is too large.' },
  'parameters.too.many': { status: 413, reason: 'body_too_large', detail: 'The request body has too many parameters.' },
  'encoding.unsupported': {
    status: 415,
    reason: 'unsupported_media_type',
    detail: 'Content-Encoding is not supported: send the body uncompressed.',
  },
  'charset.unsupported': {
    status: 415,
    reason: 'unsupported_media_type',
    detail: 'The body charset is not supported: send UTF-8.',
  },
};

const BAD_REQUEST: BodyError = {
  status: 400,
  reason: 'bad_request',
  detail: 'The request could not be read (size mismatch, aborted upload or malformed path).',
};

/**
 * The client error `error` stands for: a body-parser failure by its `type`, or any other error that
 * carries a 4xx status (http-errors: aborted requests, malformed paths); undefined for anything else.
 */
export function classifyBodyError(error: unknown): BodyError | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (typeof type === 'string' && BY_TYPE[type]) return BY_TYPE[type];
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return BY_TYPE['entity.too.large'];
    if (status === 415) return BY_TYPE['encoding.unsupported'];
    return BAD_REQUEST;
  }
  return undefined;
}
