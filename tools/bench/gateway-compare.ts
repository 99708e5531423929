/**
 * The separate-topology gateway comparison: @apollo/gateway (our gateway process) against Hive
 * Gateway, both over the same five subgraph processes (bench/gateway-topology.ts). Each query is
 * first answered by both and the answers compared; then the two are measured alternately, round by
 * round (federated query and single-subgraph query), with autocannon as bench/load.ts does. The row
 * of each query sums its rounds; the ratio is @apollo/gateway's throughput over Hive Gateway's. The
 * one-process topology (startAllInOne in a child process, subgraphs in-process, on the same database)
 * is measured in the same rounds, against Hive Gateway over the subgraph processes.
 */
import { isDeepStrictEqual } from 'node:util';
import { measure, type LoadSettings, type Measurement, type Scenario, type StorePage } from './load.js';
import { startGatewayTopology, type GatewayTarget } from './gateway-topology.js';
import { spawnServer } from './serve.js';

/** The name of the one-process topology's row. */
export const ONE_PROCESS = 'one process';

/** The two queries: one that needs two subgraphs (stores, then identity for `business`), one that needs one. */
export const GATEWAY_QUERIES = [
  {
    label: 'federated',
    query: '{ publicStores(prefecture: "13") { total items { id name prefecture business { id name } } } }',
  },
  { label: 'single-subgraph', query: '{ publicStores(prefecture: "13") { total items { id name prefecture } } }' },
] as const;

/** Settings of {@link measureGateways}. */
export interface GatewaySettings extends Omit<LoadSettings, 'duration'> {
  /** Seconds measured per gateway, query and round. */
  readonly duration: number;
  /** Rounds; each measures every query on both gateways, in alternating order. */
  readonly rounds: number;
  readonly cpuProfileDir?: string | undefined;
  /** The one-process service's ORM pool size. */
  readonly poolSize: number;
}

/** One query's result for one gateway: its rounds and their sum. */
export interface GatewayRow {
  readonly gateway: string;
  readonly query: string;
  readonly rounds: readonly Measurement[];
  readonly rps: number;
  /** Worst p50 and p99 of the rounds. */
  readonly p50: number;
  readonly p99: number;
  /** Gateway process CPU ms per request over all rounds. */
  readonly cpuMs: number;
  /** The five subgraph processes' CPU ms per request (together) over all rounds. */
  readonly subgraphsCpuMs: number;
}

/** One measured round, with the subgraph processes' CPU ms per request. */
type Round = Measurement & { readonly subgraphsCpuMs: number };

function scenario(gateway: GatewayTarget, label: string, query: string): Scenario {
  return {
    name: `${gateway.name} ${label}`,
    server: gateway,
    url: `${gateway.url}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    page: (body) => (body as { data: { publicStores: StorePage } }).data.publicStores,
  };
}

/** Posts `s` once; its JSON body (throws unless 200 without errors). */
async function answer(s: Scenario): Promise<unknown> {
  const response = await fetch(s.url, { method: s.method, headers: s.headers, body: s.body });
  const text = await response.text();
  const body = JSON.parse(text) as { errors?: unknown };
  if (response.status !== 200 || body.errors)
    throw new Error(`${s.name}: HTTP ${response.status}: ${text.slice(0, 300)}`);
  return body;
}

function summarize(gateway: string, query: string, rounds: readonly Round[]): GatewayRow {
  const requests = rounds.reduce((n, m) => n + m.requests, 0);
  return {
    gateway,
    query,
    rounds,
    rps: rounds.reduce((n, m) => n + m.rps, 0) / rounds.length,
    p50: Math.max(...rounds.map((m) => m.p50)),
    p99: Math.max(...rounds.map((m) => m.p99)),
    cpuMs: rounds.reduce((n, m) => n + m.serverCpuMs * m.requests, 0) / requests,
    subgraphsCpuMs: rounds.reduce((n, m) => n + m.subgraphsCpuMs * m.requests, 0) / requests,
  };
}

/** Starts the topology, checks equal answers, measures, stops; the rows, @apollo/gateway's first per query. */
export async function measureGateways(settings: GatewaySettings): Promise<{ rows: GatewayRow[]; items: number[] }> {
  const topology = await startGatewayTopology(settings);
  const service = await spawnServer('service', { databaseUrl: settings.databaseUrl, poolSize: settings.poolSize });
  try {
    const oneProcess: GatewayTarget = {
      name: ONE_PROCESS,
      url: service.url,
      pid: service.pid,
      cpuMs: () => service.cpuMs(),
    };
    const gateways = [topology.apollo, topology.hive, oneProcess];
    const items: number[] = [];
    for (const { label, query } of GATEWAY_QUERIES) {
      const [apollo, ...others] = await Promise.all(gateways.map((g) => answer(scenario(g, label, query))));
      others.forEach((other, i) => {
        if (!isDeepStrictEqual(apollo, other))
          throw new Error(`${label}: @apollo/gateway and ${gateways[i + 1]?.name} answer differently`);
      });
      items.push((apollo as { data: { publicStores: StorePage } }).data.publicStores.items.length);
    }
    const measured = new Map<string, Round[]>();
    for (let round = 0; round < settings.rounds; round += 1) {
      // Rotate who goes first, so none always runs on a machine warmed (or heated) by another.
      const order = gateways.map((_, i) => gateways[(i + round) % gateways.length] as GatewayTarget);
      for (const { label, query } of GATEWAY_QUERIES)
        for (const gateway of order) {
          const s = scenario(gateway, label, query);
          // Warm-up only in the first round: later rounds find the JIT, plan cache and pools warm.
          if (round === 0 && settings.warmup > 0)
            await measure(s, { ...settings, duration: settings.warmup, warmup: 0 });
          const before = await topology.subgraphsCpuMs();
          const m = await measure(s, { ...settings, warmup: 0 });
          const subgraphsCpuMs = ((await topology.subgraphsCpuMs()) - before) / m.requests;
          measured.set(s.name, [...(measured.get(s.name) ?? []), { ...m, subgraphsCpuMs }]);
        }
    }
    const rows = GATEWAY_QUERIES.flatMap(({ label }) =>
      gateways.map((g) => summarize(g.name, label, measured.get(`${g.name} ${label}`) ?? [])),
    );
    return { rows, items };
  } finally {
    await service.stop();
    await topology.stop();
  }
}

/** The comparison table: per query, both gateways and the ratio of their mean throughput. */
export function gatewayReport(rows: readonly GatewayRow[]): string {
  const lines = [
    `  ${'gateway'.padEnd(16)} ${'query'.padEnd(16)} ${'rps (mean)'.padStart(10)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'gateway CPU ms/req'.padStart(19)} ${'subgraphs CPU ms/req'.padStart(21)}  rounds (rps)`,
  ];
  for (const r of rows)
    lines.push(
      `  ${r.gateway.padEnd(16)} ${r.query.padEnd(16)} ${r.rps.toFixed(1).padStart(10)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.cpuMs.toFixed(3).padStart(19)} ${r.subgraphsCpuMs.toFixed(3).padStart(21)}  ${r.rounds.map((m) => m.rps.toFixed(0)).join(' / ')}`,
    );
  for (const { label } of GATEWAY_QUERIES) {
    const apollo = rows.find((r) => r.query === label && r.gateway === '@apollo/gateway');
    const hive = rows.find((r) => r.query === label && r.gateway === 'Hive Gateway');
    const one = rows.find((r) => r.query === label && r.gateway === ONE_PROCESS);
    if (apollo && hive)
      lines.push(
        `  ${label}: @apollo/gateway vs Hive Gateway ${(apollo.rps / hive.rps).toFixed(2)}x throughput, ${(apollo.cpuMs / hive.cpuMs).toFixed(2)}x gateway CPU per request`,
      );
    if (one && hive)
      lines.push(
        `  ${label}: one-process topology vs Hive Gateway over the subgraph processes ${(one.rps / hive.rps).toFixed(2)}x throughput`,
      );
  }
  lines.push(
    `  (${ONE_PROCESS}: startAllInOne, subgraphs in-process; its "gateway CPU" is the whole service's, its subgraph processes sit idle)`,
  );
  return lines.join('\n');
}
