/**
 * The life of a service process (the one-process service and every service of the separate
 * topology): start it, log where it listens, shut it down gracefully on SIGINT/SIGTERM and exit 0.
 * A failure to start is one clear log line and exit code 1, not a stack dump; a configuration error is
 * its one-line reason on stderr and exit code 2, as a command-line tool answers a bad option.
 */
import { EnvError, loadEnv, type Env } from '../subgraphs/kernel/env.js';
import { trustProxyNotice } from '../subgraphs/kernel/env-trust-proxy.js';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../subgraphs/kernel/http/app.js';
import { log } from '../subgraphs/kernel/logger.js';
import { shutdownTracing } from '../subgraphs/kernel/observability/tracing.js';

/** What a started service exposes to its entry point. */
export interface StartedService {
  /** Base URL on loopback. */
  readonly url: string;
  /** Graceful: HTTP first (requests in flight finish, bounded), then Apollo and the database. */
  close(): Promise<void>;
}

/**
 * Beyond the HTTP shutdown bound, how long Apollo and the database get to close before the process
 * exits anyway (with code 1), so a stuck close never keeps a stopping container alive.
 */
const CLOSE_MARGIN_MS = 5_000;

/**
 * Closes `service` on the first SIGINT or SIGTERM and exits 0 (1 when closing failed or exceeded
 * `shutdownTimeoutMs` plus a margin). Repeated signals are ignored: a supervisor may forward the
 * Ctrl-C the terminal already sent. `service` may still be starting (a promise): install the handlers
 * before starting, because a service answers /readyz as soon as it listens, before its start resolves,
 * and a SIGTERM in between would otherwise kill the process by the signal's default action instead
 * of closing it. A signal during start waits for the start to finish, then closes.
 */
export function closeOnSignals(
  name: string,
  service: Pick<StartedService, 'close'> | Promise<Pick<StartedService, 'close'>>,
  shutdownTimeoutMs: number = DEFAULT_SHUTDOWN_TIMEOUT_MS,
): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log('info', `${name} stopping`, { signal, shutdownTimeoutMs });
    setTimeout(() => {
      log('error', `${name} did not close within ${shutdownTimeoutMs + CLOSE_MARGIN_MS} ms; exiting`);
      process.exit(1);
    }, shutdownTimeoutMs + CLOSE_MARGIN_MS).unref();
    // Spans still buffered are exported before the process exits.
    Promise.resolve(service)
      .then((started) => started.close())
      .then(() => shutdownTracing())
      .then(
        () => {
          log('info', `${name} stopped`, { ms: Date.now() - started });
          process.exit(0);
        },
        (error: unknown) => {
          log('error', `${name} did not close cleanly`, { error });
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Exit code of a process whose configuration is wrong (the usage-error code of command-line tools). */
export const CONFIGURATION_ERROR_EXIT = 2;

/** Ends the process for a configuration error: its one-line reason on stderr, exit code 2. */
export function exitOnConfigurationError(error: EnvError): never {
  process.stderr.write(`${error.message}\n`);
  process.exit(CONFIGURATION_ERROR_EXIT);
}

/** The configuration from the environment, or the process ends with its one-line reason (exit code 2). */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) exitOnConfigurationError(error);
    throw error;
  }
}

/** Starts a service with `start`, logs `<name> ready`, and closes it gracefully on SIGINT or SIGTERM. */
export async function runService(name: string, start: () => Promise<StartedService>): Promise<void> {
  const failed = (error: unknown): never => {
    if (error instanceof EnvError) exitOnConfigurationError(error);
    log('error', `${name} failed to start`, { error });
    process.exit(1);
  };
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    return failed(error);
  }
  const shutdownTimeoutMs = env.shutdownTimeoutMs;
  let starting: Promise<StartedService>;
  try {
    starting = start();
  } catch (error) {
    return failed(error);
  }
  // Before the start resolves (see closeOnSignals).
  closeOnSignals(name, starting, shutdownTimeoutMs);
  let service: StartedService;
  try {
    service = await starting;
  } catch (error) {
    return failed(error);
  }
  logReady(name, service.url, env);
}

/**
 * The `<name> ready` line: where the service listens, and whose X-Forwarded-For decides the client
 * address (a proxy that passes a client's own header on would let clients pick their rate-limit bucket).
 */
export function logReady(name: string, url: string, env: Pick<Env, 'trustProxy'>): void {
  log('info', `${name} ready`, { url, pid: process.pid, clientAddress: trustProxyNotice(env.trustProxy) });
}
