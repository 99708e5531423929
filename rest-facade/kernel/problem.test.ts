import { describe, expect, it } from 'vitest';
import { problem, problemFromGraphQLError } from './problem.js';

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
