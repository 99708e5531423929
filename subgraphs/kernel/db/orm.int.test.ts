import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from '../../../test/requirements.js';
import { TcpProxy } from '../../../test/tcp-proxy.js';
import { ALL_ENTITIES } from '../../index.js';
import { closeOrm, createOrm, rootEntityManager, type Orm } from './orm.js';

const run = hasPostgres('a transaction whose BEGIN fails gives its pool connection back');

/** Whether a chunk a client sends to PostgreSQL carries a transaction's BEGIN. */
const carriesBegin = (chunk: Buffer): boolean => /\bbegin\b/i.test(chunk.toString('latin1'));

describe.runIf(run)('database pool after failed BEGINs (PostgreSQL)', () => {
  let proxy: TcpProxy;
  let url: string;
  const opened: Orm[] = [];
  const POOL_SIZE = 2;

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const through = new URL(target);
    through.host = `127.0.0.1:${await proxy.start()}`;
    url = through.toString();
  });

  afterAll(async () => {
    for (const orm of opened) await closeOrm(orm, 5_000);
    await proxy?.stop();
  });

  /** An ORM through the proxy with a pool of {@link POOL_SIZE}, and a one-statement transaction on it. */
  async function open(): Promise<{ orm: Orm; transaction: () => Promise<unknown> }> {
    const orm = await createOrm({
      env: { databaseUrl: url, dataDir: 'memory://', debugSql: false },
      entities: ALL_ENTITIES,
      poolSize: POOL_SIZE,
    });
    opened.push(orm);
    const transaction = (): Promise<unknown> =>
      rootEntityManager(orm)
        .fork()
        .transactional((em) => em.execute('select 1 as one'));
    return { orm, transaction };
  }

  it('keeps serving transactions after more failed BEGINs than the pool has connections', async () => {
    const { transaction } = await open();
    expect(await transaction()).toEqual([{ one: 1 }]);

    // Every BEGIN's connection is cut as it is sent: three times the pool's size in failures.
    proxy.cutOnClientChunk(carriesBegin);
    for (let i = 0; i < POOL_SIZE * 3; i++) await expect(transaction()).rejects.toThrow();
    proxy.cutOnClientChunk(undefined);

    // A leaked connection per failure would leave the pool full of checked-out clients: the next
    // transaction would wait for a free one and fail after the connect timeout.
    const started = Date.now();
    expect(await transaction()).toEqual([{ one: 1 }]);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Both slots usable at once, and nothing left checked out afterwards.
    expect(await Promise.all([transaction(), transaction()])).toEqual([[{ one: 1 }], [{ one: 1 }]]);
  });

  it('closes promptly after the failures (no connection left checked out)', async () => {
    const { orm, transaction } = await open();
    proxy.cutOnClientChunk(carriesBegin);
    for (let i = 0; i < POOL_SIZE; i++) await expect(transaction()).rejects.toThrow();
    proxy.cutOnClientChunk(undefined);
    const started = Date.now();
    opened.splice(opened.indexOf(orm), 1);
    await orm.close(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
