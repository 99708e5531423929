import { describe, expect, it } from 'vitest';
import { problem, problemFromGraphQLError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './problem.js';

describe('problem details', () => {
  it('builds an RFC 9457 body with code and traceId', () => {
    expect(problem({ status: 404, code: 'store_not_found', detail: 'gone' }, '/api/v1/public/stores/x', 't-1')).toEqual(
      {
        type: '/problems/store_not_found',
        title: 'Not Found',
        status: 404,
        detail: 'gone',
        instance: '/api/v1/public/stores/x',
        code: 'store_not_found',
        traceId: 't-1',
      },
    );
  });

  it.each([
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['BAD_USER_INPUT', 400],
    ['CONFLICT', 409],
    ['RATE_LIMITED', 429],
    ['UNAVAILABLE', 503],
  ])('maps %s to %i and keeps the domain reason', (code, status) => {
    expect(problemFromGraphQLError({ message: 'm', extensions: { code, reason: 'why' } })).toMatchObject({
      status,
      code: 'why',
      detail: 'm',
    });
  });

  it('hides the message of unexpected errors', () => {
    const mapped = problemFromGraphQLError({
      message: 'relation "x" does not exist',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(mapped.status).toBe(500);
    expect(mapped.detail).not.toContain('relation');
  });

  it('carries field errors and honours per-route overrides', () => {
    const errors = [{ path: 'page', message: 'must be 1 or more' }];
    expect(
      problemFromGraphQLError({
        message: 'm',
        extensions: { code: 'BAD_USER_INPUT', reason: 'validation_failed', errors },
      }),
    ).toMatchObject({ errors });
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'NOT_FOUND' } }, { NOT_FOUND: 410 }).status,
    ).toBe(410);
  });
});

describe('challenges (RFC 6750 §3)', () => {
  it('asks for a token, and names invalid_token when one failed', () => {
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'UNAUTHENTICATED', reason: 'unauthenticated' } })
        .headers,
    ).toEqual({
      'WWW-Authenticate': 'Bearer',
    });
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'UNAUTHENTICATED', reason: 'invalid_token' } })
        .headers,
    ).toEqual({
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
  });

  it("uses the error's own challenge for a credential other than the bearer token", () => {
    const challenge = 'ClaimToken realm="receipts", error="invalid_claim_token"';
    const input = problemFromGraphQLError({
      message: 'm',
      extensions: { code: 'UNAUTHENTICATED', reason: 'invalid_claim_token', challenge },
    });
    expect(input).toMatchObject({
      status: 401,
      code: 'invalid_claim_token',
      headers: { 'WWW-Authenticate': challenge },
    });
    expect(problem(input, '/x', 't')).not.toHaveProperty('challenge');
  });

  it('names insufficient_scope with the scope needed', () => {
    const input = problemFromGraphQLError({
      message: 'm',
      extensions: { code: 'FORBIDDEN', reason: 'insufficient_scope', scope: 'user.spending.read' },
    });
    expect(input).toMatchObject({
      status: 403,
      headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="user.spending.read"' },
    });
    expect(problem(input, '/x', 't')).not.toHaveProperty('headers');
  });

  it('carries Retry-After on 429', () => {
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'RATE_LIMITED', retryAfter: 12.2 } }).headers,
    ).toEqual({
      'Retry-After': '13',
    });
  });
});

describe('status mapping, each rule', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [405, 'Method Not Allowed'],
    [406, 'Not Acceptable'],
    [409, 'Conflict'],
    [413, 'Content Too Large'],
    [415, 'Unsupported Media Type'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [418, 'Error'],
  ])('titles %i "%s"', (status, title) => {
    expect(problem({ status, code: 'c', detail: 'd' }, '/x', 't').title).toBe(title);
  });

  it('carries field errors only when there are some', () => {
    expect(problem({ status: 400, code: 'c', detail: 'd', errors: [] }, '/x', 't')).not.toHaveProperty('errors');
    const errors = [{ path: 'q', message: 'm' }];
    expect(problem({ status: 400, code: 'c', detail: 'd', errors }, '/x', 't').errors).toEqual(errors);
  });

  it('maps GraphQL limit codes to 400 and lower-cases a code without a reason', () => {
    expect(problemFromGraphQLError({ message: 'too deep', extensions: { code: 'MAX_DEPTH_EXCEEDED' } })).toEqual({
      status: 400,
      code: 'max_depth_exceeded',
      detail: 'too deep',
    });
  });

  it('treats an error without a code, or with an unknown one, as internal and hides it', () => {
    const hidden = {
      status: 500,
      code: 'internal_error',
      detail: 'An unexpected error occurred. Quote the traceId when reporting it.',
    };
    expect(problemFromGraphQLError({ message: 'secret' })).toEqual(hidden);
    expect(problemFromGraphQLError({ message: 'secret', extensions: { code: 42 } })).toEqual(hidden);
    expect(problemFromGraphQLError({ message: 'secret', extensions: { code: 'SOMETHING_ELSE' } })).toEqual(hidden);
    expect(
      problemFromGraphQLError({ message: 'secret', extensions: { code: 'NOT_FOUND' } }, { NOT_FOUND: 502 }),
    ).toEqual({
      ...hidden,
      status: 502,
    });
  });

  it('ignores a non-string reason and non-array field errors', () => {
    expect(problemFromGraphQLError({ message: 'm', extensions: { code: 'CONFLICT', reason: 7, errors: 'x' } })).toEqual(
      { status: 409, code: 'conflict', detail: 'm' },
    );
  });

  it('adds no headers to statuses without a challenge, nor to a 403 naming no scope', () => {
    expect(problemFromGraphQLError({ message: 'm', extensions: { code: 'NOT_FOUND' } })).not.toHaveProperty('headers');
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'FORBIDDEN', reason: 'forbidden', scope: 3 } }),
    ).toEqual({ status: 403, code: 'forbidden', detail: 'm' });
    expect(problemFromGraphQLError({ message: 'm', extensions: { code: 'RATE_LIMITED' } })).not.toHaveProperty(
      'headers',
    );
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'RATE_LIMITED', retryAfter: '9' } }),
    ).not.toHaveProperty('headers');
  });

  it('gives a 503 its own Retry-After, rounded up, or the default wait', () => {
    expect(problemFromGraphQLError({ message: 'down', extensions: { code: 'UNAVAILABLE', retryAfter: 2.1 } })).toEqual({
      status: 503,
      code: 'unavailable',
      detail: 'down',
      headers: { 'Retry-After': '3' },
    });
    expect(problemFromGraphQLError({ message: 'down', extensions: { code: 'UNAVAILABLE' } }).headers).toEqual({
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
    expect(UNAVAILABLE_RETRY_AFTER_SECONDS).toBe(5);
  });

  it('lets a route map internal errors, and errors without a code, to another 5xx', () => {
    expect(problemFromGraphQLError({ message: 'secret' }, { INTERNAL_SERVER_ERROR: 502 })).toMatchObject({
      status: 502,
      code: 'internal_error',
    });
  });

  it('names a scope only on a 403, and Retry-After only on a 429 or 503', () => {
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'NOT_FOUND', scope: 'user.profile.read' } }),
    ).not.toHaveProperty('headers');
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'CONFLICT', retryAfter: 5 } }),
    ).not.toHaveProperty('headers');
  });

  it('challenges a 401 that a route maps from another code', () => {
    expect(
      problemFromGraphQLError({ message: 'm', extensions: { code: 'FORBIDDEN', reason: 'x' } }, { FORBIDDEN: 401 }),
    ).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  });
});
