import type { Express } from 'express';
import type { Orm } from '../db/orm.js';
import { rootEntityManager } from '../db/orm.js';

/** `/healthz`: the process is up. `/readyz`: it can reach its database (and whatever `extra` checks). */
export function mountHealth(
  app: Express,
  orm: Orm | undefined,
  extra: () => Promise<boolean> = async () => true,
): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      if (orm) await rootEntityManager(orm).fork().getConnection().execute('select 1');
      if (!(await extra())) throw new Error('dependency not ready');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });
}
