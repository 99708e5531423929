/**
 * Runs an open loop ({@link openLoop}) in a child process of its own. The benchmark's main process has
 * driven closed-loop scenarios before (autocannon), and its heap holds their garbage: a major GC
 * there during a fixed-rate run stalls the generator, and since latency counts from each request's
 * due time, the stall lands in the server's figures (seen: a 93 ms mark-compact in the generator
 * during the claim run). A fresh process measures the server, not the generator's history.
 * Usage: {@link openLoopInProcess}; the child entry is this file.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openLoop, type OpenLoopRequest, type OpenLoopResult } from './open-loop.js';

/** An open loop over a list of requests (sent in order), as data a child process can receive. */
export interface OpenLoopPlan {
  readonly url: string;
  readonly rate: number;
  readonly requests: readonly OpenLoopRequest[];
  readonly timeoutMs?: number;
  /** Keep the answers' bodies ({@link OpenLoopResult.bodies}). */
  readonly keepBodies?: boolean;
}

/** Runs `plan` in a fresh child process and resolves with what it measured. */
export function openLoopInProcess(plan: OpenLoopPlan): Promise<OpenLoopResult> {
  const child = fork(fileURLToPath(import.meta.url), ['child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let result: OpenLoopResult | undefined;
    child.once('message', (message) => {
      result = message as OpenLoopResult;
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`open-loop process exited (code ${code}) without a result`)),
    );
    child.send(plan);
  });
}

if (process.argv[2] === 'child' && process.send) {
  process.once('message', (message) => {
    const plan = message as OpenLoopPlan;
    void openLoop({
      url: plan.url,
      rate: plan.rate,
      count: plan.requests.length,
      timeoutMs: plan.timeoutMs,
      keepBodies: plan.keepBodies,
      request: (i) => plan.requests[i]!,
    }).then((result) => process.send!(result));
  });
}
