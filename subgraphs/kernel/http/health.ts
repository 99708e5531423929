import type { Express } from 'express';
import type { Orm } from '../db/orm.js';
import { rootEntityManager } from '../db/orm.js';
import { databaseOutage } from '../db/outage.js';
import { isDraining } from './app.js';

/**
 * `/healthz`: the process is up. `/readyz`: it is not shutting down and can reach its database (and
 * whatever `extra` checks).
 */
export function mountHealth(
  app: Express,
  orm: Orm | undefined,
  extra: () => Promise<boolean> = async () => true,
): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    // Shutting down: the load balancer should send no more requests here.
    if (isDraining(app)) {
      res.status(503).json({ status: 'shutting_down' });
      return;
    }
    try {
      if (orm) {
        await rootEntityManager(orm).fork().getConnection().execute('select 1');
        databaseOutage.recovered();
      }
      if (!(await extra())) throw new Error('dependency not ready');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });
}
