/**
 * The embedded database's memory settings (orm.ts, EMBEDDED_START_PARAMS): PostgreSQL's 128 MB
 * default buffer cache lived in the never-shrinking WASM heap of `npm start`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_ENTITIES } from '../../index.js';
import { closeOrm, createOrm, rootEntityManager, type Orm } from './orm.js';

describe('embedded database (PGlite) settings', () => {
  let orm: Orm | undefined;
  afterAll(async () => {
    if (orm) await closeOrm(orm, 5_000);
  });

  it('runs with a 16 MB buffer cache and PGlite single-user defaults kept', async () => {
    orm = await createOrm({
      env: { databaseUrl: undefined, dataDir: 'memory://', debugSql: false },
      entities: ALL_ENTITIES,
    });
    const em = rootEntityManager(orm);
    const setting = async (name: string) =>
      (await em.execute<{ setting: string }[]>(`select setting from pg_settings where name = '${name}'`))[0]?.setting;
    // shared_buffers is counted in 8 kB pages: 2048 pages are 16 MB.
    expect(await setting('shared_buffers')).toBe('2048');
    expect(await setting('max_parallel_workers_per_gather')).toBe('0');
    expect(await setting('search_path')).toBe('public');
  }, 120_000);
});
