/** Every background job of this build: each subgraph's own (SubgraphModule.jobs). */
import { ALL_SUBGRAPHS } from '../../subgraphs/index.js';
import type { Env } from '../../subgraphs/kernel/env.js';
import type { Job } from '../../subgraphs/kernel/jobs/job.js';

/** The jobs a worker runs, in subgraph order. */
export function workerJobs(env: Env): Job[] {
  return ALL_SUBGRAPHS.flatMap((module) => module.jobs?.(env) ?? []);
}
