/**
 * The last error handler: a database outage thrown outside GraphQL (a page, a read straight on a pg
 * pool) is a 503 problem with Retry-After, never a 500; anything else stays a 500.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseOutage } from '../db/outage.js';
import { mountJsonErrorHandler } from './json-errors.js';

const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

/** Errors as pg and pg-pool throw them when the database cannot be reached. */
const OUTAGES: Readonly<Record<string, Error>> = {
  refused: withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
  terminated: new Error('Connection terminated unexpectedly'),
  'pool-timeout': new Error('timeout exceeded when trying to connect'),
  'admin-shutdown': withCode('terminating connection due to administrator command', '57P01'),
  'cannot-connect-now': withCode('the database system is starting up', '57P03'),
  'connection-failure': withCode('connection failure', '08006'),
};

let server: ReturnType<express.Express['listen']>;
let base: string;

beforeAll(async () => {
  const app = express();
  app.get('/outage/:kind', (req, _res, next) => next(OUTAGES[req.params.kind]));
  app.get('/bug', () => {
    throw new TypeError('cannot read properties of undefined');
  });
  mountJsonErrorHandler(app);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the last error handler', () => {
  it.each(Object.keys(OUTAGES))('answers a database outage (%s) with 503 and Retry-After', async (kind) => {
    const failed = vi.spyOn(databaseOutage, 'failed').mockImplementation(() => undefined);
    const response = await fetch(`${base}/outage/${kind}`);
    // Reported to the outage log (one line per outage), not logged as an unexpected error.
    expect(failed).toHaveBeenCalledTimes(1);
    failed.mockRestore();
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(body.detail).not.toMatch(/ECONNREFUSED|terminated|5432/);
  });

  it('answers anything else with a 500 and no Retry-After', async () => {
    const response = await fetch(`${base}/bug`);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
  });
});
