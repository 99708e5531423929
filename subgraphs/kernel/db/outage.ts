/**
 * Telling a database outage apart from a bug, and logging it once per outage.
 *
 * During an outage every request that touches the database fails the same way; the caller should get
 * a 503 with `Retry-After` (GraphQL `UNAVAILABLE`), not a 500, and the log should say "the database is
 * down" once, then how many requests it cost when it comes back, instead of one line per request.
 */
import { AppError, ErrorCode } from '../errors.js';
import { log } from '../logger.js';

/** Node socket errors that mean the server could not be reached or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 57P01
 * admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down,
 * recovery), 53300 too many connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/**
 * Messages of `pg` and `pg-pool` (which carry no code): a connection that ended mid-query, a pool
 * that could not connect or hand out a client in time, a client whose connection already failed.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * The property {@link markConnectFailure} sets on an error of opening a connection. A string key: MikroORM's
 * `DriverException` copies the driver error's own string-keyed properties, not symbols.
 */
const CONNECT_FAILURE = 'databaseConnectFailure';

/**
 * Marks `error` as the failure to open a database connection, which is an outage whatever the server
 * answered: besides the codes above, a database dropped or renamed (3D000), one that is not accepting
 * connections (55000, `ALLOW_CONNECTIONS false`: the same code is a bug when a query gets it) or a login
 * refused (28000, 28P01), in any server language. Returns `error`.
 */
export function markConnectFailure<T>(error: T): T {
  if (error !== null && typeof error === 'object') Object.assign(error, { [CONNECT_FAILURE]: true });
  return error;
}

function matchesOne(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if ((error as Record<string, unknown>)[CONNECT_FAILURE] === true) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error` (or its cause, the GraphQL error's original error, or one of an AggregateError's
 * errors) says the database is unreachable or refusing connections, rather than that the query or
 * the code is wrong. MikroORM wraps the driver's error in a `DriverException` that copies its `code`
 * and message, so the same checks serve both.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  if (matchesOne(error)) return true;
  const { cause, originalError, errors } = error as { cause?: unknown; originalError?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(originalError, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** How long a caller should wait before retrying during an outage (`Retry-After`, seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The log of one dependency's outages: the first failure is logged as an error with its cause, later
 * failures are only counted, and the first success afterwards logs one line with the count.
 */
export class OutageLog {
  private outage: { readonly since: number; failures: number } | undefined;

  constructor(private readonly dependency: string) {}

  /** Whether an outage is under way (a failure was reported and no recovery since). */
  get down(): boolean {
    return this.outage !== undefined;
  }

  /** Reports a failed request; logs only the first of an outage. */
  failed(error: unknown, requestId?: string): void {
    if (this.outage) {
      this.outage.failures += 1;
      return;
    }
    this.outage = { since: Date.now(), failures: 1 };
    log('error', `${this.dependency} unavailable; requests answer 503 until it recovers`, { requestId, error });
  }

  /** Reports that the dependency answered again; logs the end of an outage once. */
  recovered(): void {
    const outage = this.outage;
    if (!outage) return;
    this.outage = undefined;
    log('info', `${this.dependency} available again`, {
      failedRequests: outage.failures,
      outageMs: Date.now() - outage.since,
    });
  }
}

/** The database's outage log for this process. */
export const databaseOutage = new OutageLog('database');

/** The `reason` of every error a database outage answers with. */
export const DATABASE_UNAVAILABLE = 'database_unavailable';

/** What a caller is told during a database outage (the message never names the database). */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Try again shortly.';

/**
 * The coded error of a database outage: GraphQL `UNAVAILABLE` with reason `database_unavailable`
 * and `retryAfter`; when thrown while Apollo Server builds a request's context, `extensions.http`
 * makes its answer a 503 with `Retry-After` (Apollo removes `http` from the response body).
 */
export function databaseUnavailableError(): AppError {
  return new AppError(ErrorCode.Unavailable, UNAVAILABLE_MESSAGE, {
    reason: DATABASE_UNAVAILABLE,
    extra: {
      retryAfter: OUTAGE_RETRY_AFTER_SECONDS,
      http: { status: 503, headers: new Map([['retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)]]) },
    },
  });
}

/**
 * Runs `work` (e.g. authenticating a request, which reads keys and grants before any resolver runs);
 * a database outage becomes {@link databaseUnavailableError} and is reported to {@link databaseOutage}.
 */
export async function failUnavailableOnOutage<T>(work: () => Promise<T>, requestId?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    databaseOutage.failed(error, requestId);
    throw databaseUnavailableError();
  }
}

/**
 * For an error that reached an HTTP error handler outside GraphQL (a page, a raw read on a pool): when
 * it is a database outage, reports it to {@link databaseOutage} and returns the answer every outage
 * gets (503, `Retry-After`, reason `database_unavailable`); else null, and the handler answers 500.
 */
export function outageAnswer(
  error: unknown,
  requestId?: string,
): { status: 503; code: string; detail: string; retryAfter: string } | null {
  if (!isDatabaseUnavailable(error)) return null;
  databaseOutage.failed(error, requestId);
  return {
    status: 503,
    code: DATABASE_UNAVAILABLE,
    detail: UNAVAILABLE_MESSAGE,
    retryAfter: String(OUTAGE_RETRY_AFTER_SECONDS),
  };
}
