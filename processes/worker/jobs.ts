/** Every background job of this build: the kernel's (event retention) and each subgraph's own (SubgraphModule.jobs). */
import { ALL_SUBGRAPHS } from '../../subgraphs/index.js';
import type { Env } from '../../subgraphs/kernel/env.js';
import { eventRetentionJob } from '../../subgraphs/kernel/events/retention.job.js';
import type { Job } from '../../subgraphs/kernel/jobs/job.js';

/** The jobs a worker runs: the kernel's, then the subgraphs' in subgraph order. */
export function workerJobs(env: Env): Job[] {
  return [eventRetentionJob(env), ...ALL_SUBGRAPHS.flatMap((module) => module.jobs?.(env) ?? [])];
}
