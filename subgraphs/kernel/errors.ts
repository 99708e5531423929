/**
 * Coded errors. Every error a service throws on purpose is one of these; GraphQL carries the
 * code in `extensions.code` and the domain reason in `extensions.reason`, and the REST facade maps
 * the code to an HTTP status in one place (`rest-facade/kernel/problem.ts`).
 */
import type { HTTPGraphQLHead } from '@apollo/server';
import { GraphQLError } from 'graphql';

/** The GraphQL error codes of this service. */
export enum ErrorCode {
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  BadUserInput = 'BAD_USER_INPUT',
  Conflict = 'CONFLICT',
  RateLimited = 'RATE_LIMITED',
  Unavailable = 'UNAVAILABLE',
  Internal = 'INTERNAL_SERVER_ERROR',
}

/** One field-level validation failure, as in the problem `errors` array. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

interface AppErrorOptions {
  readonly reason: string;
  readonly errors?: readonly FieldError[];
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Base class: a GraphQL error with a code and a snake_case domain reason. */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, options: AppErrorOptions) {
    super(message, {
      extensions: {
        code,
        reason: options.reason,
        ...(options.errors ? { errors: options.errors } : {}),
        ...options.extra,
      },
    });
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, reason = 'not_found') {
    super(ErrorCode.NotFound, message, { reason });
  }
}

export class BadUserInputError extends AppError {
  constructor(message: string, errors: readonly FieldError[] = [], reason = 'validation_failed') {
    super(ErrorCode.BadUserInput, message, { reason, errors });
  }
}

export class UnauthenticatedError extends AppError {
  /**
   * @param challenge the `WWW-Authenticate` challenge the facade sends with the 401, for a credential
   *   other than the bearer token (default: a Bearer challenge).
   */
  constructor(message = 'Authentication is required.', reason = 'unauthenticated', challenge?: string) {
    super(ErrorCode.Unauthenticated, message, { reason, extra: challenge ? { challenge } : {} });
  }
}

export class ForbiddenError extends AppError {
  /** @param scope the scope the operation needs, reported in `WWW-Authenticate` by the facade. */
  constructor(message: string, reason = 'forbidden', scope?: string) {
    super(ErrorCode.Forbidden, message, { reason, extra: scope ? { scope } : {} });
  }
}

export class ConflictError extends AppError {
  constructor(message: string, reason = 'conflict') {
    super(ErrorCode.Conflict, message, { reason });
  }
}

export class RateLimitedError extends AppError {
  /**
   * @param retryAfterSeconds whole seconds after which the call succeeds again (`extensions.retryAfter`).
   * @param http the HTTP status and headers, for an error thrown before execution (a server plugin),
   *   where Apollo Server would otherwise answer 500; Apollo Server strips it from the response.
   */
  constructor(message: string, retryAfterSeconds: number, http?: HTTPGraphQLHead) {
    super(ErrorCode.RateLimited, message, {
      reason: 'rate_limited',
      extra: { retryAfter: retryAfterSeconds, ...(http ? { http } : {}) },
    });
  }
}

export class UnavailableError extends AppError {
  constructor(message: string, reason = 'unavailable') {
    super(ErrorCode.Unavailable, message, { reason });
  }
}

/**
 * The message of every `validation_failed` error, and so the `detail` of every such problem, wherever it
 * is found (facade parameters and bodies, GraphQL services, the text plugin): one wording, while
 * `errors` names each field and what is wrong with it.
 */
export const VALIDATION_FAILED_DETAIL = 'The request is invalid.';

/** Collects field errors and throws one {@link BadUserInputError} when any were added. */
export class Validation {
  private readonly errors: FieldError[] = [];

  add(path: string, message: string): this {
    this.errors.push({ path, message });
    return this;
  }

  check(condition: boolean, path: string, message: string): this {
    return condition ? this : this.add(path, message);
  }

  throwIfInvalid(message = VALIDATION_FAILED_DETAIL): void {
    if (this.errors.length > 0) throw new BadUserInputError(message, this.errors);
  }
}
