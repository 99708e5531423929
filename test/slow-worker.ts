/**
 * The worker process with a slow housekeeping run (it waits SLOW_JOB_MS, then sweeps), for the
 * worker's shutdown test: `node dist/test/slow-worker.js`, configured like the worker service.
 */
import { runService } from '../processes/lifecycle.js';
import { startWorkerService } from '../processes/worker/worker-service.js';
import { housekeepingJob } from '../subgraphs/identity/housekeeping/housekeeping.job.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import { log } from '../subgraphs/kernel/logger.js';

const slowMs = Number(process.env.SLOW_JOB_MS ?? 2_000);

await runService('worker', async () => {
  const env = loadEnv();
  const job = housekeepingJob(env.housekeepingIntervalMs);
  return startWorkerService(env, {
    jobs: [
      {
        ...job,
        async run(run) {
          log('info', 'slow job started', { job: job.name });
          await new Promise((resolve) => setTimeout(resolve, slowMs));
          return job.run(run);
        },
      },
    ],
  });
});
