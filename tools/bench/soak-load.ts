/**
 * The soak run's load generator, in a child process of its own (as open-loop-process.ts, for the same
 * reason: the bench process's garbage must not stall the generator): one open loop over the whole
 * run, with each request's latency binned by the window its due time falls in, so every 10-second
 * window has its own p99. Usage: {@link soakLoadInProcess}; the child entry is this file.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openLoop, quantile, type OpenLoopRequest, type OpenLoopResult } from './open-loop.js';

/** The run: requests in order at `rate` per second, figures per `windowS` seconds of due time. */
export interface SoakLoadPlan {
  readonly url: string;
  readonly rate: number;
  readonly windowS: number;
  readonly requests: readonly OpenLoopRequest[];
}

/** The requests due in one window. */
export interface SoakWindow {
  readonly requests: number;
  /** Failed or answered outside 2xx. */
  readonly failed: number;
  /** Latency p99 (ms) of the answered ones, from their due time. */
  readonly p99Ms: number;
}

/** What the generator measured: the run's totals and each window's figures. */
export interface SoakLoadResult {
  readonly total: OpenLoopResult;
  readonly windows: readonly SoakWindow[];
}

/** The generator's window index of request `i` at `rate` per second. */
export function windowOf(i: number, rate: number, windowS: number): number {
  return Math.floor(i / (rate * windowS));
}

/**
 * Runs `plan` in a fresh child process. `onStarted` is called when the first request is due (the
 * caller's samples are timed from then); resolves with the figures when every request has ended.
 */
export function soakLoadInProcess(plan: SoakLoadPlan, onStarted: () => void): Promise<SoakLoadResult> {
  const child = fork(fileURLToPath(import.meta.url), ['child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let result: SoakLoadResult | undefined;
    child.on('message', (message) => {
      if (message === 'started') return onStarted();
      result = message as SoakLoadResult;
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`soak load process exited (code ${code}) without a result`)),
    );
    child.send(plan);
  });
}

async function runPlan(plan: SoakLoadPlan): Promise<SoakLoadResult> {
  const windowCount = windowOf(plan.requests.length - 1, plan.rate, plan.windowS) + 1;
  const latencies = Array.from({ length: windowCount }, () => [] as number[]);
  const failed = new Array<number>(windowCount).fill(0);
  const due = new Array<number>(windowCount).fill(0);
  process.send!('started');
  const total = await openLoop({
    url: plan.url,
    rate: plan.rate,
    count: plan.requests.length,
    timeoutMs: 10_000,
    request: (i) => plan.requests[i]!,
    onAnswer: (i, latencyMs, status) => {
      const w = windowOf(i, plan.rate, plan.windowS);
      due[w]! += 1;
      if (status < 200 || status > 299) failed[w]! += 1;
      if (!Number.isNaN(latencyMs)) latencies[w]!.push(latencyMs);
    },
  });
  const windows = latencies.map((values, w) => ({
    requests: due[w]!,
    failed: failed[w]!,
    p99Ms: quantile(
      values.sort((a, b) => a - b),
      0.99,
    ),
  }));
  return { total, windows };
}

if (process.argv[2] === 'child' && process.send) {
  process.once('message', (message) => {
    void runPlan(message as SoakLoadPlan).then((result) => process.send!(result));
  });
}
