/**
 * The one-process topology: every subgraph, the gateway and the REST facade on one port, sharing one
 * ORM (PGlite is a single connection; PostgreSQL gets one pool). Used by `npm start` and the tests.
 */
import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mountFacade, InProcessExecutor } from '../rest-facade/index.js';
import { ALL_ENTITIES, ALL_SUBGRAPHS } from '../subgraphs/index.js';
import { Authenticator } from '../subgraphs/kernel/auth/authenticate.js';
import { resolveOperatorToken } from '../subgraphs/kernel/auth/operator-credential.js';
import { createOrm, migrate, type Orm } from '../subgraphs/kernel/db/orm.js';
import type { Env } from '../subgraphs/kernel/env.js';
import { mountHealth } from '../subgraphs/kernel/http/health.js';
import { requestIdMiddleware } from '../rest-facade/http.js';
import { loadDemoData, type DemoSummary } from '../tools/demo-data.js';
import { createGatewayServer } from './gateway.js';
import { mountGraphQL } from './graphql-http.js';

export interface RunningService {
  /** Base URL on loopback, e.g. `http://127.0.0.1:4000`. */
  readonly url: string;
  readonly orm: Orm;
  readonly operatorToken: string;
  readonly httpServer: Server;
  /** What demo data was loaded (undefined when seeding was off). */
  readonly demo: DemoSummary | undefined;
  close(): Promise<void>;
}

export async function startAllInOne(env: Env): Promise<RunningService> {
  const orm = await createOrm({ env, entities: ALL_ENTITIES });
  try {
    await migrate(orm);
    const demo = env.seedDemoData ? await loadDemoData(orm) : undefined;
    const operatorToken = resolveOperatorToken(env);
    const authenticator = new Authenticator(operatorToken);
    const gateway = await createGatewayServer({ kind: 'in-process', modules: ALL_SUBGRAPHS, orm }, env);

    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', 'loopback');
    app.use(requestIdMiddleware);
    mountHealth(app, orm);
    mountGraphQL(app, gateway, authenticator);
    mountFacade(app, { executor: new InProcessExecutor(gateway, authenticator), publicUrl: env.publicUrl });

    const httpServer = createServer(app);
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(env.port, env.host, () => resolve());
    });
    const { port } = httpServer.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      orm,
      operatorToken,
      httpServer,
      demo,
      async close() {
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await gateway.stop();
        await orm.close(true);
      },
    };
  } catch (error) {
    await orm.close(true);
    throw error;
  }
}
