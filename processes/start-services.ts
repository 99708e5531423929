/**
 * `npm run start:services`: the separate-process topology on one machine. Needs DATABASE_URL and
 * OPERATOR_TOKEN. Migrates (and seeds the demo data once), then starts each subgraph and the worker,
 * the gateway and the REST facade in that order, each only after the previous ones answer `/readyz`. SIGINT and
 * SIGTERM are forwarded to the children; when any child dies, the rest are stopped and this exits 1.
 */
import { ALL_SUBGRAPHS } from '../subgraphs/index.js';
import { configuredOperatorToken } from '../subgraphs/kernel/auth/operator-credential.js';
import { childProcessEnv, EnvError, subgraphPortOf, type Env } from '../subgraphs/kernel/env.js';
import { log } from '../subgraphs/kernel/logger.js';
import {
  ENTRY_POINTS,
  exitOf,
  spawnService,
  stopServices,
  waitUntilReady,
  type ChildService,
} from './child-services.js';
import { TRY_PATH } from '../rest-facade/landing.js';
import { prepareDatabase } from './prepare-database.js';
import { exitOnConfigurationError, loadEnvOrExit } from './lifecycle.js';

/** How long each tier (subgraphs and worker, gateway, facade) may take to become ready. */
const READY_TIMEOUT_MS = 60_000;

const children: ChildService[] = [];
let stopping = false;

interface ServiceSpec {
  readonly name: string;
  readonly script: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly port: number;
}

/** Each subgraph's port: SUBGRAPH_BASE_PORT + its index (SUBGRAPH_PORT is for a single subgraph service). */
function subgraphPorts(env: Env): { readonly name: string; readonly port: number }[] {
  return ALL_SUBGRAPHS.map((m) => ({
    name: m.name,
    port: subgraphPortOf({ subgraphBasePort: env.subgraphBasePort, subgraphPort: undefined }, m.name),
  }));
}

function checkConfiguration(env: Env): void {
  if (!env.databaseUrl)
    throw new EnvError('DATABASE_URL must be set: the separate services share one PostgreSQL database');
  configuredOperatorToken(env);
}

/** How long a stopping child may take before it is killed; set from SHUTDOWN_TIMEOUT_MS once read. */
let stopGraceMs = 15_000;

async function shutdown(signal: NodeJS.Signals, exitCode: number): Promise<void> {
  // Ctrl-C reaches the children from the terminal as well; one shutdown is enough.
  if (stopping) return;
  stopping = true;
  // Each child shuts down gracefully within SHUTDOWN_TIMEOUT_MS (plus its own close margin).
  await stopServices(children, signal, stopGraceMs);
  process.exit(exitCode);
}

/** Starts one tier and waits for all of it; a child that dies at any time later stops everything. */
async function startTier(specs: readonly ServiceSpec[]): Promise<void> {
  const started = specs.map((spec) => ({
    spec,
    service: spawnService(spec.name, spec.script, spec.args, { env: spec.env }),
  }));
  for (const { service } of started) {
    children.push(service);
    void exitOf(service.child).then((code) => {
      if (stopping) return;
      log('error', `${service.name} exited (${code}); stopping the other services`);
      void shutdown('SIGTERM', 1);
    });
  }
  await Promise.all(
    started.map(({ spec, service }) =>
      waitUntilReady(service, `http://127.0.0.1:${spec.port}/readyz`, READY_TIMEOUT_MS),
    ),
  );
}

async function startAll(env: Env): Promise<void> {
  const subgraphs = subgraphPorts(env);
  // The worker needs only the migrated database, so it starts beside the subgraphs.
  await startTier([
    ...subgraphs.map(({ name, port }) => ({
      name: `subgraph ${name}`,
      script: ENTRY_POINTS.subgraph,
      args: [name],
      env: childProcessEnv({ SUBGRAPH_PORT: String(port) }),
      port,
    })),
    {
      name: 'worker',
      script: ENTRY_POINTS.worker,
      args: [],
      env: childProcessEnv({ SUBGRAPH_PORT: undefined }),
      port: env.workerPort,
    },
  ]);
  const urls = Object.fromEntries(
    subgraphs.map(({ name, port }) => [`SUBGRAPH_${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}/graphql`]),
  );
  await startTier([
    {
      name: 'gateway',
      script: ENTRY_POINTS.gateway,
      args: [],
      env: childProcessEnv({ ...urls, SUBGRAPH_PORT: undefined }),
      port: env.gatewayPort,
    },
  ]);
  const gatewayUrl = `http://127.0.0.1:${env.gatewayPort}/graphql`;
  await startTier([
    {
      name: 'facade',
      script: ENTRY_POINTS.facade,
      args: [],
      env: childProcessEnv({ GATEWAY_URL: gatewayUrl, SUBGRAPH_PORT: undefined }),
      port: env.port,
    },
  ]);
}

function printUrls(env: Env): void {
  const facade = env.publicUrl;
  const lines = [
    '',
    'Retail media platform (separate services) ready',
    `  REST facade  ${facade}/api/v1   (try curl '${facade}${TRY_PATH}')`,
    `  GraphQL      http://127.0.0.1:${env.gatewayPort}/graphql  (gateway)`,
    ...subgraphPorts(env).map(({ name, port }) => `  Subgraph     http://127.0.0.1:${port}/graphql  (${name})`),
    `  Worker       http://127.0.0.1:${env.workerPort}/readyz  (background jobs)`,
    `  Operator CLI GATEWAY_URL=http://127.0.0.1:${env.gatewayPort}/graphql npm run ops -- <command>`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The checked configuration, or the process ends with its one-line reason and exit code 2 (nothing started yet). */
function configuration(): Env {
  const env = loadEnvOrExit();
  try {
    checkConfiguration(env);
  } catch (error) {
    if (error instanceof EnvError) exitOnConfigurationError(error);
    throw error;
  }
  return env;
}

try {
  const env = configuration();
  stopGraceMs = env.shutdownTimeoutMs + 5_000;
  const prepared = await prepareDatabase(env, { demoData: env.seedDemoData });
  log('info', 'database ready', { applied: prepared.applied, demoLoaded: prepared.demo?.loaded ?? false });
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  await startAll(env);
  printUrls(env);
} catch (error) {
  log('error', 'start:services failed', { error });
  await shutdown('SIGTERM', 1);
}
