/**
 * The ORM pool's client marks a failure to connect as an outage, including a server that answers and
 * refuses the database (a fake server here, answering the start-up message with a FATAL error).
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectingClient } from './connecting-client.js';
import { isDatabaseUnavailable } from './outage.js';

/** A PostgreSQL ErrorResponse message of severity FATAL. */
function fatal(code: string, message: string): Buffer {
  const fields = ['SFATAL', 'VFATAL', `C${code}`, `M${message}`].map((field) => `${field}\0`).join('') + '\0';
  const body = Buffer.from(fields);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from('E'), length, body]);
}

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(fatal('55000', 'database "shop" is not currently accepting connections')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = (): pg.ClientConfig => ({ host: '127.0.0.1', port, user: 'shop', database: 'shop' });

describe('ConnectingClient', () => {
  it('a refused database is an outage (connect)', async () => {
    const error = await new ConnectingClient(config()).connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: '55000' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a refused database is an outage (a query on a pool of them)', async () => {
    const pool = new pg.Pool({ ...config(), Client: ConnectingClient });
    const error = await pool.query('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    expect(error).toMatchObject({ code: '55000' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("the same error from pg's own client is not recognised (why the pool uses this one)", async () => {
    const error = await new pg.Client(config()).connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: '55000' });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
