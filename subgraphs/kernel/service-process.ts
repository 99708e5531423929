/**
 * The life of a service process in the separate topology: start it, log where it listens, close it
 * on SIGINT/SIGTERM. A failure to start is one clear log line and exit code 1, not a stack dump.
 */
import { EnvError } from './env.js';
import { log } from './logger.js';

/** What a started service exposes to its entry point. */
export interface StartedService {
  /** Base URL on loopback. */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a service with `start`, logs `<name> ready`, and closes it on the first SIGINT or SIGTERM. */
export async function runService(name: string, start: () => Promise<StartedService>): Promise<void> {
  let service: StartedService;
  try {
    service = await start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log('error', `${name} failed to start`, {
      error: message,
      ...(error instanceof EnvError ? {} : { stack: error instanceof Error ? error.stack : undefined }),
    });
    process.exit(1);
  }
  log('info', `${name} ready`, { url: service.url, pid: process.pid });
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    // A supervisor may forward the Ctrl-C the terminal already sent: close once, ignore repeats.
    if (stopping) return;
    stopping = true;
    log('info', `${name} stopping`, { signal });
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log('error', `${name} did not close cleanly`, { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
