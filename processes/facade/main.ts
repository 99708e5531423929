/**
 * The REST facade service of the separate topology: `node dist/processes/facade/main.js`, on PORT,
 * calling the gateway at GATEWAY_URL (default `http://127.0.0.1:$GATEWAY_PORT/graphql`).
 */
import { loadEnv } from '../../subgraphs/kernel/env.js';
import { runService } from '../lifecycle.js';
import { startFacadeService } from './facade-service.js';

await runService('facade', () => startFacadeService(loadEnv()));
