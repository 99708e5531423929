/**
 * The one place that reads `process.env`. Everything else receives an {@link Env}.
 * Values are validated once at start; a bad value stops the process with a clear message.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from './graphql-limits.js';
import type { LogLevel } from './logger.js';
import type { TracingConfig } from './observability/tracing.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limit/rules.js';
import { dashboardSettings, type DashboardSettings } from './env-dashboard.js';
import { eventSettings, type EventSettings } from './env-events.js';
import { trustProxySetting } from './env-trust-proxy.js';
import { walletSettings, type WalletSettings } from './env-wallet.js';

/** Which subgraphs exist; the order is the order they are composed in. */
export const SUBGRAPH_NAMES = ['identity', 'receipts', 'stores', 'engagement', 'wallet'] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];

export interface Env {
  /** `development`, `test` or `production`. Default `development`. */
  readonly nodeEnv: 'development' | 'test' | 'production';
  /** Public port of the one-process service or of the REST facade. Default 4000. */
  readonly port: number;
  /** Host to bind. Default `0.0.0.0`. */
  readonly host: string;
  /** Base URL the outside world uses (OAuth issuer, links in QR codes). Default `http://localhost:$PORT`. */
  readonly publicUrl: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database. */
  readonly databaseUrl: string | undefined;
  /** PGlite data directory for the embedded database; `memory://` keeps it in memory. Default `.data/pglite`. */
  readonly dataDir: string;
  /** Operator credential. When unset, one is generated at start and printed. */
  readonly operatorToken: string;
  /** Whether {@link operatorToken} was generated rather than configured. */
  readonly operatorTokenGenerated: boolean;
  /** Load demo data on start when the database has none. Default true, false in production. */
  readonly seedDemoData: boolean;
  /**
   * Identical queries in flight at the same moment share one subgraph execution or call
   * (`SHARE_INFLIGHT_QUERIES`, default true): gateway/in-process-data-source.ts, gateway/subgraph-fetcher.ts.
   * Only each subgraph's shared reads share (kernel/shared-reads.ts: an allowlist of queries that write
   * and count nothing); `false` runs every query once per caller.
   */
  readonly shareInflightQueries: boolean;
  /** Gateway port in the separate-process topology. Default 4100. */
  readonly gatewayPort: number;
  /**
   * Gateway URL the facade service calls in the separate topology. Unset: `npm start` uses its
   * in-process gateway, the facade service `http://127.0.0.1:$GATEWAY_PORT/graphql`.
   */
  readonly gatewayUrl: string | undefined;
  /** Subgraph base port in the separate topology: identity gets it, the others follow. Default 4101. */
  readonly subgraphBasePort: number;
  /**
   * Port of a subgraph service in the separate topology (`SUBGRAPH_PORT`). Unset: {@link subgraphBasePort}
   * plus the subgraph's index in {@link SUBGRAPH_NAMES} (see {@link subgraphPortOf}).
   */
  readonly subgraphPort: number | undefined;
  /** Explicit subgraph URLs for the gateway (`SUBGRAPH_<NAME>_URL`); missing ones default to loopback ports. */
  readonly subgraphUrls: Readonly<Record<SubgraphName, string>>;
  /** Log SQL statements. Default false. */
  readonly debugSql: boolean;
  /**
   * Which proxies' X-Forwarded-For decides the client IP (express `trust proxy`, e.g.
   * `loopback, uniquelocal` behind a private network; `TRUST_PROXY=none` is false: no proxy).
   * Default `loopback`. A value trusting every address is refused (env-trust-proxy.ts).
   */
  readonly trustProxy: string | false;
  /**
   * Key that encrypts secrets at rest (AES-256-GCM), e.g. the OAuth signing keys (`SECRETS_KEY`, 32
   * bytes base64url). Required in production; elsewhere, when unset, one is generated and kept under
   * `.data/` (see `resolveSecretsKey`).
   */
  readonly secretsKey: Buffer | undefined;
  /**
   * How long a shutdown (SIGTERM/SIGINT) waits for requests in flight before dropping them
   * (`SHUTDOWN_TIMEOUT_MS`). Default 10000.
   */
  readonly shutdownTimeoutMs: number;
  /**
   * What one GraphQL document may ask for, at the gateway and each subgraph server
   * (`GRAPHQL_MAX_ALIASES`, `_DEPTH`, `_TOKENS`, `_DIRECTIVES`, `_COST`; defaults in {@link DEFAULT_GRAPHQL_LIMITS}).
   */
  readonly graphqlLimits: GraphQLLimits;
  /**
   * How long a process trusts what it read about signing keys (`SIGNING_KEY_CACHE_SECONDS`, 0 to 60):
   * a retired key stops verifying, and a new key starts signing, in every process within this time.
   * Default 30.
   */
  readonly signingKeyCacheSeconds: number;
  /**
   * SMTP server mail goes out through (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465`).
   * Unset: mail lands in the local outbox table (development and test; see `GET /dev/outbox`).
   */
  readonly smtpUrl: string | undefined;
  /** Sender of every mail (`MAIL_FROM`). Default `Retail Media <no-reply@localhost>`. */
  readonly mailFrom: string;
  /**
   * Whether registered accounts must prove their email by a mailed link (`EMAIL_VERIFICATION`).
   * Default true; production without {@link smtpUrl} refuses to start while it is on.
   */
  readonly emailVerification: boolean;
  /** Log threshold (`LOG_LEVEL`): `debug`, `info`, `warn`, `error` or `silent`. Default `info`. */
  readonly logLevel: LogLevel | 'silent';
  /**
   * Bearer token `GET /metrics` requires (`METRICS_TOKEN`, 16+ characters). Unset: `/metrics` is
   * open in development and test, and not served (404) in production.
   */
  readonly metricsToken: string | undefined;
  /**
   * Traces (`OTEL_TRACES_EXPORTER`, `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`,
   * `OTEL_SERVICE_NAME`, `OTEL_SDK_DISABLED`). Off unless an exporter or an OTLP endpoint is set.
   */
  readonly tracing: TracingConfig;
  /** Port of the worker service's health endpoints in the separate topology (`WORKER_PORT`). Default 4200. */
  readonly workerPort: number;
  /** Time between two housekeeping runs (`HOUSEKEEPING_INTERVAL_MS`, 1000 or more). Default 600000 (10 minutes). */
  readonly housekeepingIntervalMs: number;
  /**
   * Redis the rate-limit counters live in (`REDIS_URL`, `redis://` or `rediss://`), shared by every
   * instance. Unset: PostgreSQL (DATABASE_URL), or memory for the embedded one-process database.
   */
  readonly redisUrl: string | undefined;
  /**
   * The rate limits (`RATE_LIMIT_WINDOW_SECONDS`, `RATE_LIMIT_LAST_RECEIPT`,
   * `RATE_LIMIT_TERMINAL_CLAIM`, `RATE_LIMIT_RX_READ`, `RATE_LIMIT_RX_CLAIM`; defaults in
   * {@link DEFAULT_RATE_LIMITS}: 30, 10, 60 and 10 calls per 60 seconds; `RATE_LIMIT_ANONYMOUS_SURVEY`
   * anonymous survey responses per `RATE_LIMIT_ANONYMOUS_SURVEY_WINDOW_SECONDS`: 10 per 3600).
   */
  readonly rateLimits: RateLimitSettings;
  /**
   * The first-party OAuth client the receipt pages (`/receipts/...`, opened by the receipt QR codes)
   * sign consumers in with (`RECEIPT_PAGE_CLIENT_ID` and `RECEIPT_PAGE_CLIENT_SECRET`, both or
   * neither). Unset: `npm start` and the tests use the demo receipt-page app when demo data with
   * published credentials is loaded; otherwise the claim button claims anonymously.
   */
  readonly receiptPageClient: { readonly clientId: string; readonly clientSecret: string } | undefined;
  /** Signing material and endpoints of Apple Wallet, Google Wallet and APNs (env-wallet.ts). */
  readonly wallet: WalletSettings;
  /** Webhook delivery and event retention (env-events.ts). */
  readonly events: EventSettings;
  /** The live events page's OAuth client and the gateway's public URL (env-dashboard.ts). */
  readonly dashboard: DashboardSettings;
}

type Source = Readonly<Record<string, string | undefined>>;

class EnvError extends Error {}

function int(source: Source, name: string, fallback: number, min = 0, max = 65535): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new EnvError(`${name} must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new EnvError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(source: Source, name: string, fallback: boolean): boolean {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new EnvError(`${name} must be a boolean (true/false), got "${raw}"`);
}

function receiptPageClient(source: Source): Env['receiptPageClient'] {
  const clientId = source.RECEIPT_PAGE_CLIENT_ID || undefined;
  const clientSecret = source.RECEIPT_PAGE_CLIENT_SECRET || undefined;
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined)
    throw new EnvError('RECEIPT_PAGE_CLIENT_ID and RECEIPT_PAGE_CLIENT_SECRET are set together or not at all');
  return { clientId, clientSecret };
}

function url(source: Source, name: string): string | undefined {
  const raw = source[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new EnvError(`${name} must be an absolute URL, got "${raw}"`);
  }
}

function smtpUrl(source: Source, nodeEnv: Env['nodeEnv'], verification: boolean): string | undefined {
  const raw = source.SMTP_URL || undefined;
  if (raw === undefined) {
    if (nodeEnv === 'production' && verification)
      throw new EnvError('SMTP_URL must be set in production while EMAIL_VERIFICATION is on');
    return undefined;
  }
  if (!/^smtps?:\/\/[^/]/.test(raw)) throw new EnvError('SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

function secretsKey(source: Source, nodeEnv: Env['nodeEnv']): Buffer | undefined {
  const raw = source.SECRETS_KEY || undefined;
  if (raw === undefined) {
    if (nodeEnv === 'production') throw new EnvError('SECRETS_KEY must be set in production (32 bytes, base64url)');
    return undefined;
  }
  const key = /^[A-Za-z0-9_-]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64url') : Buffer.alloc(0);
  if (key.length !== 32) throw new EnvError('SECRETS_KEY must be 32 bytes encoded as base64url (43 characters)');
  return key;
}

function graphqlLimits(source: Source): GraphQLLimits {
  const d = DEFAULT_GRAPHQL_LIMITS;
  return {
    maxAliases: int(source, 'GRAPHQL_MAX_ALIASES', d.maxAliases, 1, 10_000),
    maxDepth: int(source, 'GRAPHQL_MAX_DEPTH', d.maxDepth, 1, 1_000),
    maxTokens: int(source, 'GRAPHQL_MAX_TOKENS', d.maxTokens, 100, 1_000_000),
    maxDirectives: int(source, 'GRAPHQL_MAX_DIRECTIVES', d.maxDirectives, 1, 10_000),
    maxCost: int(source, 'GRAPHQL_MAX_COST', d.maxCost, 10, 100_000_000),
  };
}

function redisUrl(source: Source): string | undefined {
  const raw = source.REDIS_URL || undefined;
  if (raw !== undefined && !/^rediss?:\/\/[^/]/.test(raw))
    throw new EnvError('REDIS_URL must be a redis:// or rediss:// URL');
  return raw;
}

function rateLimits(source: Source): RateLimitSettings {
  const d = DEFAULT_RATE_LIMITS;
  return {
    windowSeconds: int(source, 'RATE_LIMIT_WINDOW_SECONDS', d.windowSeconds, 1, 86_400),
    lastReceipt: int(source, 'RATE_LIMIT_LAST_RECEIPT', d.lastReceipt, 1, 1_000_000),
    terminalClaim: int(source, 'RATE_LIMIT_TERMINAL_CLAIM', d.terminalClaim, 1, 1_000_000),
    rxRead: int(source, 'RATE_LIMIT_RX_READ', d.rxRead, 1, 1_000_000),
    rxClaim: int(source, 'RATE_LIMIT_RX_CLAIM', d.rxClaim, 1, 1_000_000),
    anonymousSurvey: int(source, 'RATE_LIMIT_ANONYMOUS_SURVEY', d.anonymousSurvey, 1, 1_000_000),
    anonymousSurveyWindowSeconds: int(
      source,
      'RATE_LIMIT_ANONYMOUS_SURVEY_WINDOW_SECONDS',
      d.anonymousSurveyWindowSeconds,
      1,
      86_400,
    ),
  };
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

function logLevel(source: Source): Env['logLevel'] {
  const raw = (source.LOG_LEVEL || 'info').toLowerCase();
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new EnvError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

function metricsToken(source: Source): string | undefined {
  const raw = source.METRICS_TOKEN || undefined;
  if (raw !== undefined && raw.length < 16) throw new EnvError('METRICS_TOKEN must be at least 16 characters');
  return raw;
}

/**
 * OpenTelemetry's own variables, read here like every other one. Tracing is on when
 * `OTEL_TRACES_EXPORTER` names an exporter, or (unset) when an OTLP endpoint is configured.
 */
function tracing(source: Source): TracingConfig {
  const base = url(source, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const traces = url(source, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const otlpTracesUrl = traces ?? `${base ?? 'http://localhost:4318'}/v1/traces`;
  const serviceName = source.OTEL_SERVICE_NAME || undefined;
  if (bool(source, 'OTEL_SDK_DISABLED', false)) return { exporter: 'none', otlpTracesUrl, serviceName };
  const raw = source.OTEL_TRACES_EXPORTER || ((base ?? traces) ? 'otlp' : 'none');
  if (raw !== 'none' && raw !== 'otlp' && raw !== 'console') {
    throw new EnvError(`OTEL_TRACES_EXPORTER must be otlp, console or none, got "${raw}"`);
  }
  return { exporter: raw, otlpTracesUrl, serviceName };
}

/** The service's public base URL and the setting it came from. */
export interface PublicUrlSetting {
  readonly url: string;
  readonly from: 'PUBLIC_URL' | 'PORT' | 'default';
}

/**
 * `PUBLIC_URL`, else `http://localhost:$PORT` (`PORT` default 4000): the URL the service announces and the
 * operator CLI calls by default. Throws on invalid values.
 */
export function publicUrlSetting(source: Source = process.env): PublicUrlSetting {
  const publicUrl = url(source, 'PUBLIC_URL');
  if (publicUrl !== undefined) return { url: publicUrl, from: 'PUBLIC_URL' };
  const port = int(source, 'PORT', 4000);
  return { url: `http://localhost:${port}`, from: source.PORT ? 'PORT' : 'default' };
}

/** Reads and validates configuration from `source` (default `process.env`). Throws on invalid values. */
export function loadEnv(source: Source = process.env): Env {
  const nodeEnvRaw = source.NODE_ENV ?? 'development';
  if (nodeEnvRaw !== 'development' && nodeEnvRaw !== 'test' && nodeEnvRaw !== 'production') {
    throw new EnvError(`NODE_ENV must be development, test or production, got "${nodeEnvRaw}"`);
  }
  const port = int(source, 'PORT', 4000);
  const databaseUrl = source.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new EnvError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const configuredToken = source.OPERATOR_TOKEN || undefined;
  if (configuredToken !== undefined && configuredToken.length < 16) {
    throw new EnvError('OPERATOR_TOKEN must be at least 16 characters');
  }
  const subgraphBasePort = int(source, 'SUBGRAPH_BASE_PORT', 4101);
  const subgraphUrls = Object.fromEntries(
    SUBGRAPH_NAMES.map((name, index) => [
      name,
      url(source, `SUBGRAPH_${name.toUpperCase()}_URL`) ?? `http://127.0.0.1:${subgraphBasePort + index}/graphql`,
    ]),
  ) as Record<SubgraphName, string>;
  const dataDirRaw = source.DATA_DIR || '.data/pglite';
  return {
    nodeEnv: nodeEnvRaw,
    port,
    host: source.HOST || '0.0.0.0',
    publicUrl: publicUrlSetting(source).url,
    databaseUrl,
    dataDir: dataDirRaw.startsWith('memory://') ? dataDirRaw : resolve(dataDirRaw),
    operatorToken: configuredToken ?? `op_${randomBytes(24).toString('base64url')}`,
    operatorTokenGenerated: configuredToken === undefined,
    // Production loads demo data only when asked for explicitly.
    seedDemoData: bool(source, 'SEED_DEMO_DATA', nodeEnvRaw !== 'production'),
    shareInflightQueries: bool(source, 'SHARE_INFLIGHT_QUERIES', true),
    gatewayPort: int(source, 'GATEWAY_PORT', 4100),
    gatewayUrl: url(source, 'GATEWAY_URL'),
    subgraphBasePort,
    subgraphPort: source.SUBGRAPH_PORT ? int(source, 'SUBGRAPH_PORT', 0) : undefined,
    subgraphUrls,
    debugSql: bool(source, 'DEBUG_SQL', false),
    trustProxy: trustProxySetting(source.TRUST_PROXY, (message) => {
      throw new EnvError(message);
    }),
    secretsKey: secretsKey(source, nodeEnvRaw),
    shutdownTimeoutMs: int(source, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    graphqlLimits: graphqlLimits(source),
    signingKeyCacheSeconds: int(source, 'SIGNING_KEY_CACHE_SECONDS', 30, 0, 60),
    smtpUrl: smtpUrl(source, nodeEnvRaw, bool(source, 'EMAIL_VERIFICATION', true)),
    mailFrom: source.MAIL_FROM || 'Retail Media <no-reply@localhost>',
    emailVerification: bool(source, 'EMAIL_VERIFICATION', true),
    logLevel: logLevel(source),
    metricsToken: metricsToken(source),
    tracing: tracing(source),
    workerPort: int(source, 'WORKER_PORT', 4200),
    housekeepingIntervalMs: int(source, 'HOUSEKEEPING_INTERVAL_MS', 600_000, 1_000, 7 * 24 * 60 * 60 * 1000),
    redisUrl: redisUrl(source),
    rateLimits: rateLimits(source),
    receiptPageClient: receiptPageClient(source),
    wallet: walletSettings(source, nodeEnvRaw, dataDirRaw, (name) => url(source, name)),
    events: eventSettings(nodeEnvRaw, (name, fallback, min, max) => int(source, name, fallback, min, max)),
    dashboard: dashboardSettings(
      source,
      (name) => url(source, name),
      (message) => {
        throw new EnvError(message);
      },
    ),
  };
}

/**
 * This process's environment with `overrides` on top (an `undefined` value removes a variable), for
 * the child processes a supervisor starts.
 */
export function childProcessEnv(
  overrides: Readonly<Record<string, string | undefined>>,
  source: Source = process.env,
): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...source, ...overrides };
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The port the named subgraph service listens on: SUBGRAPH_PORT, else SUBGRAPH_BASE_PORT + its index. */
export function subgraphPortOf(env: Pick<Env, 'subgraphPort' | 'subgraphBasePort'>, name: SubgraphName): number {
  return env.subgraphPort ?? env.subgraphBasePort + SUBGRAPH_NAMES.indexOf(name);
}

export { EnvError };
