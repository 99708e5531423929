/**
 * A TCP proxy for outage tests: sits between the service and PostgreSQL, and can cut every open
 * connection, refuse new ones (accept and drop, or stop listening: ECONNREFUSED) and come back on
 * the same port.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'drop' | 'closed';

export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private mode: ProxyMode = 'pass';
  private port = 0;
  private cutWhen: ((chunk: Buffer) => boolean) | undefined;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on loopback (a random port the first time, the same port after {@link setMode}). */
  async start(): Promise<number> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  /** `pass` forwards; `drop` cuts open connections and accepts-then-drops new ones; `closed` stops listening. */
  async setMode(mode: ProxyMode): Promise<void> {
    this.mode = mode;
    if (mode !== 'pass') for (const socket of this.sockets) socket.destroy();
    if (mode === 'closed' && this.server) {
      const server = this.server;
      this.server = undefined;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    if (mode !== 'closed' && !this.server) await this.start();
  }

  /**
   * While set, a connection whose client sends a chunk matching `predicate` is cut before the chunk
   * reaches the server (e.g. the moment a transaction's BEGIN is sent); `undefined` stops it.
   */
  cutOnClientChunk(predicate: ((chunk: Buffer) => boolean) | undefined): void {
    this.cutWhen = predicate;
  }

  async stop(): Promise<void> {
    await this.setMode('closed');
  }

  private accept(client: Socket): void {
    if (this.mode !== 'pass') {
      client.destroy();
      return;
    }
    const upstream = connect(this.targetPort, this.targetHost);
    client.on('data', (chunk: Buffer) => {
      if (this.cutWhen?.(chunk)) {
        client.destroy();
        upstream.destroy();
      }
    });
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        to.destroy();
        this.sockets.delete(from);
      });
    }
  }
}
