/**
 * The separate-process topology for tests: the real entry points (migrate with demo data, each
 * subgraph, the worker, the gateway, the facade) as child processes on random ports over one fresh PostgreSQL
 * database (needs DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ALL_SUBGRAPHS } from '../subgraphs/index.js';
import {
  ENTRY_POINTS,
  spawnService,
  stopServices,
  waitForExit,
  waitUntilReady,
  type ChildService,
} from '../processes/child-services.js';
import { DEMO_RECEIPT_PAGE_CLIENT } from '../processes/demo/demo-apps.js';
import { freePort } from './fixtures/ports.js';
import { createTestDatabase, type TestDatabase } from './fixtures/database.js';
import { TEST_OPERATOR_TOKEN } from './harness.js';

/**
 * Seven Node processes start at once; on a loaded two-core machine (CI shares it) one took over
 * 45 s to answer /readyz, which is no behaviour of the service.
 */
const READY_TIMEOUT_MS = 90_000;

export interface Topology {
  readonly facadeUrl: string;
  readonly gatewayUrl: string;
  /** Base URL of the worker service (health endpoints; housekeeping runs every second here). */
  readonly workerUrl: string;
  /** The topology's database. */
  readonly databaseUrl: string;
  /** Base URL of each subgraph service, by name. */
  readonly subgraphUrls: Readonly<Record<string, string>>;
  /** Stops every process and drops the database. */
  stop(): Promise<void>;
}

/** Starts the topology; `extraEnv` goes to every process (e.g. tracing settings). */
export async function startTopology(extraEnv: Readonly<Record<string, string>> = {}): Promise<Topology> {
  const children: ChildService[] = [];
  let database: TestDatabase | undefined;
  /** Starts `script` with `env`, remembers it for teardown, and waits for its `/readyz` on `port`. */
  const startChild = async (
    name: string,
    script: string,
    args: string[],
    env: Record<string, string>,
    port: number,
  ): Promise<void> => {
    const service = spawnService(name, script, args, { env, capture: true });
    children.push(service);
    await waitUntilReady(service, `http://127.0.0.1:${port}/readyz`, READY_TIMEOUT_MS);
  };
  const stop = async (): Promise<void> => {
    await stopServices(children);
    await database?.drop();
  };
  try {
    database = await createTestDatabase();
    // Known before anything starts: PUBLIC_URL (the issuer, the demo apps' callbacks) is the facade's URL.
    const facadePort = await freePort();
    const base = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      DATABASE_URL: database.env.DATABASE_URL ?? '',
      // The processes must agree on the key that encrypts the signing keys; never one under .data/.
      SECRETS_KEY: randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${facadePort}`,
      ...extraEnv,
    };
    const migrate = spawnService('migrate', ENTRY_POINTS.migrate, ['--demo-data'], { env: base, capture: true });
    children.push(migrate);
    expect(await waitForExit(migrate, READY_TIMEOUT_MS), migrate.output()).toBe(0);

    const subgraphs = await Promise.all(ALL_SUBGRAPHS.map(async (m) => ({ name: m.name, port: await freePort() })));
    const workerPort = await freePort();
    await Promise.all([
      ...subgraphs.map(({ name, port }) =>
        startChild(`subgraph ${name}`, ENTRY_POINTS.subgraph, [name], { ...base, SUBGRAPH_PORT: String(port) }, port),
      ),
      startChild(
        'worker',
        ENTRY_POINTS.worker,
        [],
        { ...base, WORKER_PORT: String(workerPort), HOUSEKEEPING_INTERVAL_MS: '1000' },
        workerPort,
      ),
    ]);
    const gatewayPort = await freePort();
    const urls = Object.fromEntries(
      subgraphs.map(({ name, port }) => [`SUBGRAPH_${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}/graphql`]),
    );
    await startChild(
      'gateway',
      ENTRY_POINTS.gateway,
      [],
      { ...base, ...urls, GATEWAY_PORT: String(gatewayPort) },
      gatewayPort,
    );
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}/graphql`;
    await startChild(
      'facade',
      ENTRY_POINTS.facade,
      [],
      {
        ...base,
        PORT: String(facadePort),
        GATEWAY_URL: gatewayUrl,
        // The receipt pages sign in with the demo receipt-page app, which `migrate --demo-data` seeded.
        RECEIPT_PAGE_CLIENT_ID: DEMO_RECEIPT_PAGE_CLIENT.clientId,
        RECEIPT_PAGE_CLIENT_SECRET: DEMO_RECEIPT_PAGE_CLIENT.clientSecret,
      },
      facadePort,
    );
    return {
      facadeUrl: `http://127.0.0.1:${facadePort}`,
      gatewayUrl,
      workerUrl: `http://127.0.0.1:${workerPort}`,
      databaseUrl: base.DATABASE_URL,
      subgraphUrls: Object.fromEntries(subgraphs.map(({ name, port }) => [name, `http://127.0.0.1:${port}`])),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
