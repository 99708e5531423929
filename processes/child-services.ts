/**
 * Child service processes of the separate topology: the built entry points, spawning, bounded
 * readiness waits and teardown. Used by `npm run start:services` and the topology tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built entry points, found beside this file's own build output (dist/ or another outDir). */
export const ENTRY_POINTS = {
  subgraph: fileURLToPath(new URL('./subgraph/main.js', import.meta.url)),
  gateway: fileURLToPath(new URL('./gateway/main.js', import.meta.url)),
  facade: fileURLToPath(new URL('./facade/main.js', import.meta.url)),
  worker: fileURLToPath(new URL('./worker/main.js', import.meta.url)),
  migrate: fileURLToPath(new URL('../tools/migrate.js', import.meta.url)),
} as const;

const OUTPUT_TAIL_CHARS = 4_000;
const POLL_INTERVAL_MS = 200;

/** A started child process. */
export interface ChildService {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last few KB of its stdout and stderr (only when spawned with `capture`). */
  output(): string;
}

export interface SpawnOptions {
  /** The child's whole environment. Default: this process's. */
  readonly env?: Readonly<Record<string, string>>;
  /** Keep the output for {@link ChildService.output} instead of passing it through. Default false. */
  readonly capture?: boolean;
}

/** Starts `node <script> ...args`. */
export function spawnService(
  name: string,
  script: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildService {
  const child = spawn(process.execPath, [script, ...args], {
    ...(options.env ? { env: { ...options.env } } : {}),
    stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, output: () => tail };
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function describeFailure(service: ChildService, reason: string): Error {
  const output = service.output();
  return new Error(`${service.name} ${reason}${output ? `\n--- its output ---\n${output}` : ''}`);
}

async function answersReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Resolves when `readyUrl` answers 2xx; rejects when the child exits first or `timeoutMs` passes,
 * naming the service and quoting its output.
 */
export async function waitUntilReady(service: ChildService, readyUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited(service.child)) {
      throw describeFailure(
        service,
        `exited (code ${service.child.exitCode ?? service.child.signalCode}) before it was ready`,
      );
    }
    if (await answersReady(readyUrl)) return;
    if (Date.now() >= deadline) throw describeFailure(service, `was not ready at ${readyUrl} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** Resolves with the exit code (or signal) once `child` has exited. */
export function exitOf(child: ChildProcess): Promise<number | string> {
  if (exited(child)) return Promise.resolve(child.exitCode ?? child.signalCode ?? 0);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 0)));
}

/** Sends `signal` to each running child; any still running after `graceMs` is killed. */
export async function stopServices(
  services: readonly ChildService[],
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 5_000,
): Promise<void> {
  await Promise.all(
    services.map(async ({ child }) => {
      if (exited(child)) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exitOf(child);
      clearTimeout(timer);
    }),
  );
}

/** Resolves with the exit code of `service`; rejects when it is still running after `timeoutMs`. */
export async function waitForExit(service: ChildService, timeoutMs: number): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(describeFailure(service, `did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([exitOf(service.child), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
