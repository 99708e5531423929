/**
 * Child-process entry of the benchmark: runs one server under test in a process of its own, so the
 * load generator never shares its event loop. Usage (by {@link spawnServer}, not by hand):
 * `node serve.js service|baseline <databaseUrl> <poolSize> [allow-private-receivers]`.
 * Reports `{ url }` over IPC when listening, `{ cpuMs }` on the message `cpu`, `{ sample }` (memory and
 * event-loop delay since the previous sample: {@link ServiceSample}) on `sample`; closes and exits on `stop`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { benchServiceEnv } from './credentials.js';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startAllInOne } from '../../processes/all-in-one/all-in-one.js';
import { collectGarbage } from '../../processes/full-gc.js';
import { startBaseline } from './baseline.js';

/** The child's fourth argument when {@link SpawnOptions.allowPrivateReceivers} is set. */
const ALLOW_PRIVATE_RECEIVERS = 'allow-private-receivers';
/** A later argument of the child when {@link SpawnOptions.shareInflightQueries} is false. */
const NO_SHARING = 'no-share-inflight-queries';

/** Which server a child runs. */
export type ServerKind = 'service' | 'baseline';

/** The child's memory now and its event-loop delay since the previous sample (the soak's samples). */
export interface ServiceSample {
  readonly rssMb: number;
  readonly heapUsedMb: number;
  /** Heap in use right after a full GC, forced by the sample (its pause falls before the next window). */
  readonly liveHeapMb: number;
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
}

/** A server running in a child process. */
export interface ServerProcess {
  readonly kind: ServerKind;
  readonly url: string;
  readonly pid: number;
  /** CPU time (user + system, ms) the child has used so far. */
  cpuMs(): Promise<number>;
  /** Memory and event-loop delay measured in the child ({@link ServiceSample}); the delay histogram restarts. */
  sample(): Promise<ServiceSample>;
  /** Asks the child to close and waits for it to exit (it writes its CPU profile then, if asked). */
  stop(): Promise<void>;
}

/** Options of {@link spawnServer}. */
export interface SpawnOptions {
  readonly databaseUrl: string;
  readonly poolSize: number;
  /** Directory for a `--cpu-prof` profile of the child; none when unset. */
  readonly cpuProfileDir?: string;
  /**
   * The service only: deliver webhooks to loopback receivers (`env.events.allowPrivateReceivers`), which
   * NODE_ENV=production refuses. For the event stage's receiver in the bench process; set in the
   * Env the bench builds, never through an environment variable of the product.
   */
  readonly allowPrivateReceivers?: boolean;
  /**
   * The service only: false turns off the sharing of identical in-flight queries (`env.shareInflightQueries`,
   * on by default for shared reads), so that each request runs its own query, as in the baseline.
   */
  readonly shareInflightQueries?: boolean;
}

/** Starts a server of `kind` in a child process and resolves once it listens. */
export function spawnServer(kind: ServerKind, options: SpawnOptions): Promise<ServerProcess> {
  const execArgv = options.cpuProfileDir
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${options.cpuProfileDir}`,
        `--cpu-prof-name=${kind}${options.allowPrivateReceivers ? '-events' : ''}.cpuprofile`,
      ]
    : [];
  const args = [kind, options.databaseUrl, String(options.poolSize)];
  if (options.allowPrivateReceivers) args.push(ALLOW_PRIVATE_RECEIVERS);
  if (options.shareInflightQueries === false) args.push(NO_SHARING);
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${kind} server exited before listening (code ${code})`)));
    child.once('message', (message) => {
      const { url } = message as { url: string };
      resolve({
        kind,
        url,
        pid: child.pid ?? -1,
        cpuMs: () =>
          new Promise<number>((done) => {
            child.once('message', (reply) => done((reply as { cpuMs: number }).cpuMs));
            child.send('cpu');
          }),
        sample: () =>
          new Promise<ServiceSample>((done) => {
            child.once('message', (reply) => done((reply as { sample: ServiceSample }).sample));
            child.send('sample');
          }),
        async stop() {
          if (child.exitCode === null && child.connected) child.send('stop');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        },
      });
    });
  });
}

async function serve(
  kind: ServerKind,
  databaseUrl: string,
  poolSize: number,
  allowPrivateReceivers: boolean,
  shareInflightQueries: boolean,
): Promise<void> {
  let close: () => Promise<void>;
  let url: string;
  if (kind === 'service') {
    const production = benchServiceEnv(databaseUrl);
    const receivers = allowPrivateReceivers
      ? { ...production, events: { ...production.events, allowPrivateReceivers: true } }
      : production;
    const env = { ...receivers, shareInflightQueries: receivers.shareInflightQueries && shareInflightQueries };
    const service = await startAllInOne(env);
    ({ url } = service);
    close = () => service.close();
  } else {
    const baseline = await startBaseline(databaseUrl, poolSize);
    ({ url } = baseline);
    close = () => baseline.close();
  }
  // Measured in the server's own loop, at 10 ms resolution: what a request waiting for the loop waits.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', (message) => {
    if (message === 'sample') {
      const memory = process.memoryUsage();
      const mb = (bytes: number) => bytes / (1024 * 1024);
      const ms = (ns: number) => ns / 1e6;
      const loopP99Ms = ms(loopDelay.percentile(99));
      const loopMaxMs = ms(loopDelay.max);
      collectGarbage();
      const sample: ServiceSample = {
        rssMb: mb(memory.rss),
        heapUsedMb: mb(memory.heapUsed),
        liveHeapMb: mb(process.memoryUsage().heapUsed),
        loopP99Ms,
        loopMaxMs,
      };
      // After the collection: its pause counts in no window's loop delay.
      loopDelay.reset();
      process.send?.({ sample });
    }
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMs: (user + system) / 1000 });
    }
    if (message !== 'stop') return;
    void close().finally(() => process.exit(0));
  });
  // The parent died without saying stop: do not linger.
  process.on('disconnect', () => void close().finally(() => process.exit(0)));
  process.send?.({ url });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [kind, databaseUrl, poolSize, ...flags] = process.argv.slice(2);
  serve(
    kind as ServerKind,
    databaseUrl ?? '',
    Number(poolSize ?? 10),
    flags.includes(ALLOW_PRIVATE_RECEIVERS),
    !flags.includes(NO_SHARING),
  ).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
