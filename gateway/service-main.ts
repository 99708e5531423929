/**
 * The gateway service of the separate topology: `node dist/gateway/service-main.js`, on
 * GATEWAY_PORT. Needs OPERATOR_TOKEN; finds the subgraphs at SUBGRAPH_<NAME>_URL.
 */
import { configuredOperatorToken } from '../subgraphs/kernel/auth/operator-credential.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import { runService } from '../subgraphs/kernel/service-process.js';
import { startGatewayService } from './service.js';

await runService('gateway', async () => {
  const env = loadEnv();
  configuredOperatorToken(env);
  return startGatewayService(env);
});
