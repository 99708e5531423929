/**
 * The gateway service of the separate topology: `node dist/processes/gateway/main.js`, on
 * GATEWAY_PORT. Needs OPERATOR_TOKEN; finds the subgraphs at SUBGRAPH_<NAME>_URL.
 */
import { configuredOperatorToken } from '../../subgraphs/kernel/auth/operator-credential.js';
import { loadEnv } from '../../subgraphs/kernel/env.js';
import { runService } from '../lifecycle.js';
import { startGatewayService } from './gateway-service.js';

await runService('gateway', async () => {
  const env = loadEnv();
  configuredOperatorToken(env);
  return startGatewayService(env);
});
