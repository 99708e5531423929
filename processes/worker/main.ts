/**
 * The worker service of the separate topology: `node dist/processes/worker/main.js`, health on
 * WORKER_PORT, running every background job (see worker-service.ts). Run the migrations first.
 */
import { loadEnv } from '../../subgraphs/kernel/env.js';
import { runService } from '../lifecycle.js';
import { startWorkerService } from './worker-service.js';

await runService('worker', () => startWorkerService(loadEnv()));
