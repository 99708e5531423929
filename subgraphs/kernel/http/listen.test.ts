/**
 * The listener's shutdown and idle keep-alive connections: a request already sent on an idle
 * connection is answered, even when the event loop was blocked past the grace, and a connection that
 * stays idle is closed after it, so shutdown ends.
 */
import express from 'express';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenHttp, type HttpListener } from './app.js';

const REQUEST = 'GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';

/** A raw keep-alive connection that collects what the server sends, and how it ended. */
class RawClient {
  received = '';
  ended: 'open' | 'end' | 'reset' = 'open';
  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (this.received += chunk));
    socket.on('end', () => (this.ended = 'end'));
    socket.on('error', () => (this.ended = 'reset'));
    socket.on('close', () => {
      if (this.ended === 'open') this.ended = 'end';
    });
  }

  static open(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  responses(): number {
    return this.received.split('HTTP/1.1 200').length - 1;
  }

  async waitFor(done: () => boolean, timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > until) throw new Error(`timed out; received ${JSON.stringify(this.received)}, ${this.ended}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Blocks this process's event loop (and so the server's) for `ms`. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('listenHttp shutdown and idle keep-alive connections', () => {
  let listener: HttpListener | undefined;
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });

  /** A listener and a keep-alive client that has had one answer: the connection is now idle. */
  async function idleConnection(): Promise<{ server: HttpListener; client: RawClient }> {
    const app = express();
    app.get('/ping', (_req, res) => res.json({ ok: true }));
    const server = await listenHttp(app, 0, '127.0.0.1', { shutdownTimeoutMs: 10_000 });
    listener = server;
    const client = await RawClient.open(server.port);
    client.socket.write(REQUEST);
    await client.waitFor(() => client.responses() === 1);
    return { server, client };
  }

  it('answers a request that waited in the buffer while the loop was blocked past the grace', async () => {
    const { server, client } = await idleConnection();
    const closed = server.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The next request is sent on the idle connection, and the loop blocks in its check phase: the
    // timers phase, where any shutdown timer fires, comes before the poll that would read the request.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        client.socket.write(REQUEST);
        block(1_500);
        resolve();
      }),
    );
    await client.waitFor(() => client.ended !== 'open');
    expect(client.ended).toBe('end');
    expect(client.responses()).toBe(2);
    expect(client.received.split('HTTP/1.1 200')[2]).toMatch(/connection: close/i);
    await closed;
  });

  it('closes a connection that stays idle after the grace, so shutdown ends', async () => {
    const { server, client } = await idleConnection();
    const started = performance.now();
    await server.close();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5_000);
    await client.waitFor(() => client.ended !== 'open');
  });

  it('gives a connection busy until shutdown its full grace for the next request', async () => {
    const { server, client } = await idleConnection();
    const closed = server.close();
    // 700 ms after the signal and after its last response: still within its grace.
    await new Promise((resolve) => setTimeout(resolve, 700));
    client.socket.write(REQUEST);
    await client.waitFor(() => client.ended !== 'open');
    expect(client.responses()).toBe(2);
    await closed;
  });
});
