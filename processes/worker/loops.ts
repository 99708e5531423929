/** Every background loop of this build: the event publisher (with each subgraph's publish hooks) and each subgraph's own loops. */
import { ALL_SUBGRAPHS } from '../../subgraphs/index.js';
import type { Env } from '../../subgraphs/kernel/env.js';
import { publisherLoop } from '../../subgraphs/kernel/events/publisher.js';
import type { BackgroundLoop } from '../../subgraphs/kernel/jobs/loop.js';

/** The loops a worker runs: the publisher first, then the subgraphs' loops in subgraph order. */
export function workerLoops(env: Env): BackgroundLoop[] {
  const hooks = ALL_SUBGRAPHS.flatMap((module) => module.publishHooks?.(env) ?? []);
  return [
    publisherLoop(hooks, env.events.dispatchPollMs),
    ...ALL_SUBGRAPHS.flatMap((module) => module.loops?.(env) ?? []),
  ];
}
