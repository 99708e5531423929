/**
 * Runs background loops (kernel/jobs/loop.ts): each loop runs when a notification arrives on one of
 * its LISTEN channels and at least every `intervalMs`; one run of a loop at a time in this process
 * (a wake-up during a run makes it run once more right after), and a run that handled something is
 * followed by another at once. Failures are logged and retried on the next wake-up. Stopping aborts
 * the runs' signal and waits for them (their in-flight HTTP) at most the shutdown bound.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import type { EventListener } from '../../subgraphs/kernel/events/listener.js';
import { databaseOutage, isDatabaseUnavailable } from '../../subgraphs/kernel/db/outage.js';
import { backgroundWork, type BackgroundLoop } from '../../subgraphs/kernel/jobs/loop.js';
import { log } from '../../subgraphs/kernel/logger.js';

/** Pause after a failed run before the loop tries again (a broken database must not spin). */
const FAILURE_PAUSE_MS = 1_000;

class LoopDriver {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly loop: BackgroundLoop,
    private readonly root: EntityManager,
    private readonly signal: AbortSignal,
  ) {}

  /** Runs the loop now, or once more after the current run. */
  wake(): void {
    if (this.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = null;
      this.sleep();
    });
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      let handled = 0;
      try {
        handled = await backgroundWork.run(this.loop.name, () =>
          this.loop.run({ root: this.root, signal: this.signal }),
        );
      } catch (error) {
        // A database outage is logged once for the whole process (with the requests' failures), not per run.
        if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
        else log('error', 'background loop failed; it runs again when woken', { loop: this.loop.name, error });
        await new Promise((resolve) => setTimeout(resolve, FAILURE_PAUSE_MS).unref());
      }
      if (handled > 0) this.again = true;
    } while (this.again && !this.signal.aborted);
  }

  private sleep(): void {
    if (this.signal.aborted) return;
    this.timer = setTimeout(() => this.wake(), this.loop.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
  }
}

/** Drives a set of loops against one database. */
export class LoopRunner {
  private readonly stopping = new AbortController();
  private readonly drivers: LoopDriver[];
  private readonly unlistens: (() => Promise<void>)[] = [];
  private unsubscribeReconnect: (() => void) | undefined;

  constructor(
    root: EntityManager,
    readonly loops: readonly BackgroundLoop[],
    private readonly listener: EventListener,
  ) {
    const names = loops.map((loop) => loop.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice !== undefined) throw new Error(`two background loops are named ${twice}`);
    this.drivers = loops.map((loop) => new LoopDriver(loop, root, this.stopping.signal));
  }

  /** Listens on every loop's channels, then runs each loop once (a backlog from before the start). */
  async start(): Promise<void> {
    for (const driver of this.drivers) {
      for (const channel of driver.loop.channels) {
        this.unlistens.push(await this.listener.listen(channel, () => driver.wake()));
      }
    }
    // Notifications sent while the LISTEN connection was down are lost: catch up.
    this.unsubscribeReconnect = this.listener.onReconnect(() => this.wakeAll());
    this.wakeAll();
    if (this.loops.length > 0) {
      log('info', 'background loops started', {
        loops: this.loops.map((loop) => ({ loop: loop.name, channels: loop.channels, intervalMs: loop.intervalMs })),
      });
    }
  }

  /** Runs every loop now (tests, and after a reconnect). */
  wakeAll(): void {
    for (const driver of this.drivers) driver.wake();
  }

  /** Stops waking loops, aborts their signal and waits for the runs in progress at most `timeoutMs`. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping.abort();
    this.unsubscribeReconnect?.();
    for (const unlisten of this.unlistens.splice(0)) await unlisten().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const finished = Promise.all(this.drivers.map((driver) => driver.stop())).then(() => true);
    const bound = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const inTime = await Promise.race([finished, bound]);
    clearTimeout(timer);
    if (!inTime) log('warn', 'shutdown timeout: a background loop was still running', { timeoutMs });
  }
}
