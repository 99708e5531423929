/**
 * The separate topology for the gateway comparison: the five subgraph services as
 * `npm run start:services` starts them (processes/subgraph/main.js, one process each), then
 * @apollo/gateway (processes/gateway/main.js) and Hive Gateway (bench/hive-gateway-process.ts) each in
 * a process of its own over those same subgraph processes. Hive Gateway reads the committed
 * supergraph (schema/supergraph.graphql) with each subgraph's URL filled in.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ENTRY_POINTS,
  spawnService,
  stopServices,
  waitUntilReady,
  type ChildService,
} from '../../processes/child-services.js';
import { SUPERGRAPH_FILE } from '../../schema/check.js';
import { ALL_SUBGRAPHS } from '../../subgraphs/index.js';
import { benchServiceVariables } from './credentials.js';
import type { Target } from './load.js';

const HIVE_ENTRY = fileURLToPath(new URL('./hive-gateway-process.js', import.meta.url));
const READY_TIMEOUT_MS = 90_000;

/** A gateway under test: its base URL and the CPU time of its process. */
export interface GatewayTarget extends Target {
  readonly name: string;
  readonly pid: number;
  cpuMs(): Promise<number>;
}

/** The running topology. */
export interface GatewayTopology {
  readonly apollo: GatewayTarget;
  readonly hive: GatewayTarget;
  /** CPU time (ms) the five subgraph processes have used so far, together. */
  subgraphsCpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** A free loopback port (bound once and released; nothing else on this machine races for it in a bench). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; NaN elsewhere). */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return NaN;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
}

/** The committed supergraph with each `@join__graph(name: "x", url: ...)` pointing at `urls[x]`. */
export function supergraphWithUrls(sdl: string, urls: Readonly<Record<string, string>>): string {
  return sdl.replace(/@join__graph\(name: "(\w+)", url: "[^"]*"\)/g, (whole, name: string) => {
    const url = urls[name];
    if (!url) throw new Error(`no URL for subgraph ${name} of the supergraph`);
    return `@join__graph(name: "${name}", url: "${url}")`;
  });
}

/** Options of {@link startGatewayTopology}. */
export interface TopologyOptions {
  readonly databaseUrl: string;
  /** Directory for `--cpu-prof` profiles of the gateways and the stores subgraph; none when unset. */
  readonly cpuProfileDir?: string | undefined;
}

/** Starts the subgraphs, then both gateways; everything is stopped again when a start fails. */
export async function startGatewayTopology(options: TopologyOptions): Promise<GatewayTopology> {
  const base = { ...benchServiceVariables(options.databaseUrl), PATH: process.env.PATH ?? '' };
  const profile = (name: string): Record<string, string> =>
    options.cpuProfileDir
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${options.cpuProfileDir} --cpu-prof-name=${name}.cpuprofile` }
      : {};
  const children: ChildService[] = [];
  const scratch = await mkdtemp(join(tmpdir(), 'bench-gateway-'));
  const stop = async () => {
    await stopServices(children, 'SIGTERM', 15_000);
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    const subgraphs = await Promise.all(ALL_SUBGRAPHS.map(async (m) => ({ name: m.name, port: await freePort() })));
    const started = subgraphs.map(({ name, port }) => {
      const env = { ...base, SUBGRAPH_PORT: String(port), ...profile(`subgraph-${name}`) };
      const service = spawnService(`subgraph ${name}`, ENTRY_POINTS.subgraph, [name], { env, capture: true });
      children.push(service);
      return waitUntilReady(service, `http://127.0.0.1:${port}/readyz`, READY_TIMEOUT_MS);
    });
    await Promise.all(started);
    const urls = Object.fromEntries(subgraphs.map(({ name, port }) => [name, `http://127.0.0.1:${port}/graphql`]));
    const [apolloPort, hivePort] = [await freePort(), await freePort()];
    const apolloEnv = {
      ...base,
      GATEWAY_PORT: String(apolloPort),
      ...Object.fromEntries(Object.entries(urls).map(([name, url]) => [`SUBGRAPH_${name.toUpperCase()}_URL`, url])),
      ...profile('gateway-apollo'),
    };
    const apollo = spawnService('@apollo/gateway', ENTRY_POINTS.gateway, [], { env: apolloEnv, capture: true });
    children.push(apollo);
    const supergraphFile = join(scratch, 'supergraph.graphql');
    await writeFile(supergraphFile, supergraphWithUrls(await readFile(SUPERGRAPH_FILE, 'utf8'), urls));
    const hive = spawnService('Hive Gateway', HIVE_ENTRY, [String(hivePort), supergraphFile], {
      env: { ...base, ...profile('gateway-hive') },
      capture: true,
    });
    children.push(hive);
    await Promise.all([
      waitUntilReady(apollo, `http://127.0.0.1:${apolloPort}/readyz`, READY_TIMEOUT_MS),
      waitUntilReady(hive, `http://127.0.0.1:${hivePort}/readiness`, READY_TIMEOUT_MS),
    ]);
    const target = (name: string, service: ChildService, port: number): GatewayTarget => {
      const pid = service.child.pid ?? -1;
      return { name, pid, url: `http://127.0.0.1:${port}`, cpuMs: () => processCpuMs(pid) };
    };
    return {
      apollo: target('@apollo/gateway', apollo, apolloPort),
      hive: target('Hive Gateway', hive, hivePort),
      subgraphsCpuMs: async () => {
        const pids = children.slice(0, subgraphs.length).map((c) => c.child.pid ?? -1);
        return (await Promise.all(pids.map(processCpuMs))).reduce((a, b) => a + b, 0);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
