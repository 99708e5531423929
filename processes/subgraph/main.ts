/**
 * One subgraph as a service: `node dist/processes/subgraph/main.js <name>`, on SUBGRAPH_PORT or
 * SUBGRAPH_BASE_PORT + the subgraph's index. Needs OPERATOR_TOKEN; run the migrations first.
 */
import { configuredOperatorToken } from '../../subgraphs/kernel/auth/operator-credential.js';
import { EnvError, loadEnv } from '../../subgraphs/kernel/env.js';
import { runService } from '../lifecycle.js';
import { startSubgraphServer } from './subgraph-service.js';
import { ALL_SUBGRAPHS } from '../../subgraphs/index.js';

const name = process.argv[2] ?? '';

await runService(`subgraph ${name}`, async () => {
  const module = ALL_SUBGRAPHS.find((m) => m.name === name);
  if (!module) {
    throw new EnvError(
      `usage: processes/subgraph/main.js <subgraph>; subgraph is one of ${ALL_SUBGRAPHS.map((m) => m.name).join(', ')}, got "${name}"`,
    );
  }
  const env = loadEnv();
  configuredOperatorToken(env);
  return startSubgraphServer(module, env);
});
