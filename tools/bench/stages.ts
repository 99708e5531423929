/**
 * Where a facade request's time goes: the same search run sequentially (one at a time, no load) at
 * each layer of the stack, from plain pg up to HTTP through the facade. The difference between two
 * rungs is what the upper layer adds.
 */
import { benchServiceEnv } from './credentials.js';
import { execute, parse } from 'graphql';
import pg from 'pg';
import { startAllInOne } from '../../processes/all-in-one/all-in-one.js';
import { createGatewayServer } from '../../gateway/gateway.js';
import { InProcessExecutor } from '../../rest-facade/kernel/executor.js';
import { PublicStores } from '../../rest-facade/stores/operations.js';
import { ALL_SUBGRAPHS } from '../../subgraphs/index.js';
import { Authenticator } from '../../subgraphs/kernel/auth/authenticate.js';
import { ANONYMOUS } from '../../subgraphs/kernel/auth/principal.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import type { Env } from '../../subgraphs/kernel/env.js';
import { subgraphSchema } from '../../subgraphs/kernel/subgraph.js';
import { storesSubgraph, StoreService } from '../../subgraphs/stores/index.js';
import { publicStoreFilter } from './baseline.js';
import type { SearchQuery, Target } from './load.js';

/** One rung: mean wall time and this process's CPU time per sequential call, in ms. */
export interface Stage {
  readonly name: string;
  readonly wallMs: number;
  /** CPU of the benchmark process (the layers under test run in it; PostgreSQL and the baseline do not). */
  readonly cpuMs: number;
}

async function time(name: string, calls: number, run: () => Promise<unknown>): Promise<Stage> {
  for (let i = 0; i < Math.min(50, calls); i++) await run();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  const { user, system } = process.cpuUsage(cpu);
  return { name, wallMs: (performance.now() - started) / calls, cpuMs: (user + system) / 1000 / calls };
}

/** Runs `query` `calls` times at each layer; `baseline` is the running express + pg server. */
export async function measureStages(
  databaseUrl: string,
  query: SearchQuery,
  baseline: Target,
  calls: number,
): Promise<Stage[]> {
  const env: Env = benchServiceEnv(databaseUrl);
  const service = await startAllInOne(env);
  const gateway = await createGatewayServer({ kind: 'in-process', modules: ALL_SUBGRAPHS, orm: service.orm }, env);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  try {
    const { where, params } = publicStoreFilter(query.q ?? '', query.prefecture, query.storeType);
    const n = params.length;
    const schema = await subgraphSchema(storesSubgraph);
    const document = parse(PublicStores.document);
    const executor = new InProcessExecutor(gateway, new Authenticator(env.operatorToken));
    const base = () => ({ requestId: 'bench', principal: ANONYMOUS, em: rootEntityManager(service.orm).fork(), env });
    const path = `/api/v1/public/stores?${new URLSearchParams(query as Record<string, string>).toString()}`;
    return [
      await time('pg: page + count (Promise.all, as the baseline), no HTTP', calls, () =>
        Promise.all([
          pool.query(
            `select * from store where ${where} order by name_kana asc, id asc limit $${n + 1} offset $${n + 2}`,
            [...params, 30, 0],
          ),
          pool.query(`select count(*)::int from store where ${where}`, params),
        ]),
      ),
      await time('service: StoreService.searchPublic (hand-written SQL)', calls, () =>
        new StoreService(base()).searchPublic(query),
      ),
      await time('subgraph: graphql execute on the stores schema', calls, async () =>
        execute({ schema, document, variableValues: { ...query }, contextValue: storesSubgraph.createContext(base()) }),
      ),
      await time('gateway: Apollo Server executeOperation (facade executor)', calls, () =>
        executor.execute({
          document: PublicStores.document,
          operationName: PublicStores.name,
          variables: { ...query },
          authorization: undefined,
          requestId: 'bench',
        }),
      ),
      await time('HTTP: GET facade (express, route table, JSON)', calls, () =>
        fetch(`${service.url}${path}`).then((r) => r.arrayBuffer()),
      ),
      await time('HTTP: GET baseline (express + pg, other process)', calls, () =>
        fetch(`${baseline.url}${path}`).then((r) => r.arrayBuffer()),
      ),
    ];
  } finally {
    await pool.end();
    await gateway.stop();
    await service.close();
  }
}
