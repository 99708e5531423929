/**
 * Structured JSON logs on stderr, one line per event, written by pino. Field values go through
 * {@link serializeLogValue}, so an Error (or a GraphQL error, an AggregateError, a list of errors, an
 * error's cause) is logged with its message, code, cause and stack instead of `"[object Object]"` or
 * `{}`. Inside a request every line also carries its `requestId`, `traceId` and `spanId` (see
 * observability/request-context.ts). Logs are server-side only: nothing here ever reaches a response.
 * A claim or transaction-QR token in the message or in any text field (a path, a URL, an error
 * message naming one) is written as `[redacted]` (observability/redact.ts).
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redactTokens } from './observability/redact.js';
import { logContext } from './observability/request-context.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The line format every logger here shares: `{level: "info", time: ISO-8601, message, ...fields}`. */
export function logLineOptions(): LoggerOptions {
  return {
    level: 'info',
    messageKey: 'message',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
}

/** Where every line goes: stderr (synchronous for files and pipes, so no line is lost at exit). */
export const logDestination: DestinationStream = process.stderr;

/** The logger behind {@link log}; its mixin adds the request's ids to each line. */
const logger: Logger = pino({ ...logLineOptions(), mixin: logContext }, logDestination);

/** Sets the threshold of {@link log} (`LOG_LEVEL`; `silent` logs nothing). */
export function setLogLevel(level: LogLevel | 'silent'): void {
  logger.level = level;
}

/** The threshold of {@link log}. */
export function logLevel(): LogLevel | 'silent' {
  return logger.level as LogLevel | 'silent';
}

/** Nesting beyond this is cut (cycles and deep driver objects would otherwise blow the line up). */
const MAX_DEPTH = 6;
/** Longest array logged in full; the rest is counted. */
const MAX_ITEMS = 20;

/** The loggable shape of an Error: name, message, the codes drivers and GraphQL attach, stack, cause. */
function serializeError(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const extra = error as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { name: error.name, message: redactTokens(error.message) };
  // Driver (pg: code = SQLSTATE, errno, detail), Node (code, syscall, address, port) and GraphQL fields.
  for (const key of ['code', 'errno', 'sqlState', 'syscall', 'address', 'port', 'detail', 'extensions', 'path']) {
    if (extra[key] !== undefined && extra[key] !== null) out[key] = serialize(extra[key], depth + 1, seen);
  }
  if (error.stack) out.stack = redactTokens(error.stack);
  const original = extra.originalError;
  if (original instanceof Error && original !== error) out.originalError = serialize(original, depth + 1, seen);
  if (error.cause !== undefined) out.cause = serialize(error.cause, depth + 1, seen);
  if (error instanceof AggregateError) out.errors = serialize(error.errors, depth + 1, seen);
  return out;
}

function serialize(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string') return redactTokens(value);
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'function' || typeof value === 'symbol') return String(value);
    return value;
  }
  if (seen.has(value)) return '[circular]';
  if (depth > MAX_DEPTH) return '[too deep]';
  seen.add(value);
  try {
    if (value instanceof Error) return serializeError(value, depth, seen);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item: unknown) => serialize(item, depth + 1, seen));
      return value.length > MAX_ITEMS ? [...items, `[${value.length - MAX_ITEMS} more]`] : items;
    }
    if (value instanceof Map) return serialize(Object.fromEntries(value), depth, seen);
    if (value instanceof Set) return serialize([...value], depth, seen);
    if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, serialize(item, depth + 1, seen)]));
  } finally {
    seen.delete(value);
  }
}

/**
 * A log field value as plain JSON: Errors become `{name, message, code, ..., stack, cause}` (also
 * inside arrays and objects, and for AggregateError's `errors`); cycles and very deep values are cut.
 */
export function serializeLogValue(value: unknown): unknown {
  return serialize(value, 0, new WeakSet());
}

export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  if (!logger.isLevelEnabled(level)) return;
  logger[level](serializeLogValue(fields) as Record<string, unknown>, redactTokens(message));
}
