/**
 * The worker as its own service (separate-process topology): runs the background jobs
 * (`workerJobs`) and answers `/healthz` and `/readyz` on WORKER_PORT. Any number of workers may run:
 * a job never runs in two at once. The one-process service runs the same jobs in-process.
 */
import type { Server } from 'node:http';
import { ALL_ENTITIES } from '../../subgraphs/index.js';
import { closeOrm, createOrm, rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import type { Env } from '../../subgraphs/kernel/env.js';
import { createHttpApp, listenHttp } from '../../subgraphs/kernel/http/app.js';
import { mountHealth } from '../../subgraphs/kernel/http/health.js';
import { mountJsonErrorHandler } from '../../subgraphs/kernel/http/json-errors.js';
import type { Job } from '../../subgraphs/kernel/jobs/job.js';
import { JobRunner } from './job-runner.js';
import { workerJobs } from './jobs.js';
import { LoopRunner } from './loop-runner.js';
import { workerLoops } from './loops.js';
import { createEventListener } from '../../subgraphs/kernel/events/listener.js';
import type { BackgroundLoop } from '../../subgraphs/kernel/jobs/loop.js';

/** A started worker service. */
export interface RunningWorker {
  /** Base URL on loopback of its health endpoints. */
  readonly url: string;
  readonly httpServer: Server;
  readonly runner: JobRunner;
  /** The background loops (event publisher, webhook dispatcher). */
  readonly loops: LoopRunner;
  /** Stops taking jobs and lets a running one finish (bounded by SHUTDOWN_TIMEOUT_MS), then closes the database. */
  close(): Promise<void>;
}

/** Options that override what {@link Env} says (tests). */
export interface WorkerServiceOptions {
  /** Port of the health endpoints. Default WORKER_PORT. */
  readonly port?: number;
  /** The jobs to run. Default {@link workerJobs}. */
  readonly jobs?: readonly Job[];
  /** The background loops to run. Default {@link workerLoops}. */
  readonly loops?: readonly BackgroundLoop[];
}

/** Opens the database, listens on the port, then schedules the jobs. */
export async function startWorkerService(env: Env, options: WorkerServiceOptions = {}): Promise<RunningWorker> {
  // Jobs may touch any subgraph's tables (and the outbox), through raw SQL or entities.
  const orm = await createOrm({ env, entities: ALL_ENTITIES, poolSize: 4 });
  try {
    const runner = new JobRunner(rootEntityManager(orm), options.jobs ?? workerJobs(env));
    const app = createHttpApp(env, 'worker');
    mountHealth(app, orm);
    mountJsonErrorHandler(app);
    const listener = await listenHttp(app, options.port ?? env.workerPort, env.host, {
      shutdownTimeoutMs: env.shutdownTimeoutMs,
    });
    runner.start();
    const events = createEventListener(orm, env);
    const loops = new LoopRunner(rootEntityManager(orm), options.loops ?? workerLoops(env), events);
    await loops.start();
    return {
      url: listener.url,
      httpServer: listener.httpServer,
      runner,
      loops,
      async close() {
        await Promise.all([
          runner.stop(env.shutdownTimeoutMs),
          loops.stop(env.shutdownTimeoutMs).then(() => events.close()),
          listener.close(),
        ]);
        await closeOrm(orm, env.shutdownTimeoutMs);
      },
    };
  } catch (error) {
    await orm.close(true);
    throw error;
  }
}
