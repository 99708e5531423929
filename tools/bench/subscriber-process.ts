/**
 * Live-subscription clients of the fan-out row, in a child process of the bench: `graphql-ws`'s
 * client over the `ws` package (as gateway/subscriptions/subscriptions.fixtures.ts does), each socket
 * authenticated by the business's bearer token in connection_init and subscribed to
 * `events(types: [type])`. Each socket records when it received each event id, on the epoch clock
 * the emitter uses (event-emitter.ts epochNow), taken in the client's `next` callback: the moment
 * this process handled the frame.
 *
 * The parent drives it over IPC, one request at a time: `open` (connect and subscribe every socket),
 * `status` (how many sockets have received anything: the subscriptions are live), `measure` (the
 * measured ids with their commit times: waits for their deliveries, answers the latencies), `stop`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { epochNow } from './event-emitter.js';

const EVENTS_SUBSCRIPTION = `subscription($types: [String!]) {
  events(types: $types) { id type occurredAt businessAccountId data } }`;
/** Sockets connecting at once: the server's accept backlog and authentication see a bounded burst. */
const CONNECT_BATCH = 100;
const CONNECT_TIMEOUT_MS = 60_000;

type Request =
  | { kind: 'open'; url: string; token: string; type: string; sockets: number }
  | { kind: 'status' }
  | { kind: 'measure'; commits: Record<string, number>; drainMs: number }
  | { kind: 'stop' };

export interface OpenReply {
  readonly connected: number;
  /** Close codes and reasons of sockets that closed while connecting (a sample). */
  readonly failures: string[];
}
export interface StatusReply {
  /** Sockets that received at least one event. */
  readonly live: number;
  readonly closed: number;
  readonly errors: string[];
}
export interface MeasureReply {
  /** Latency (ms) of every (socket, measured event) received, unsorted. */
  readonly latencies: number[];
  /** (socket, event) pairs expected: sockets × measured events. */
  readonly expected: number;
  /** Events a socket received twice. */
  readonly duplicates: number;
  readonly closed: number;
  readonly errors: string[];
}

/** One socket: its client and what it received. */
interface Socket {
  readonly client: Client;
  readonly received: Map<string, number>;
  connected: boolean;
  closed: string | undefined;
  duplicates: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openSocket(url: string, token: string, type: string, errors: string[]): Socket {
  const socket: Socket = {
    client: undefined as unknown as Client,
    received: new Map(),
    connected: false,
    closed: undefined,
    duplicates: 0,
  };
  const client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 0,
    on: {
      connected: () => (socket.connected = true),
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        socket.closed ??= `${code} ${String(reason)}`;
      },
    },
    onNonLazyError: () => undefined,
  });
  Object.assign(socket, { client });
  client.subscribe<{ events: { id: string } }>(
    { query: EVENTS_SUBSCRIPTION, variables: { types: [type] } },
    {
      next: (result) => {
        const at = epochNow();
        const id = result.data?.events.id;
        if (result.errors && errors.length < 5) errors.push(JSON.stringify(result.errors));
        if (!id) return;
        if (socket.received.has(id)) socket.duplicates += 1;
        else socket.received.set(id, at);
      },
      error: (error) => {
        if (errors.length < 5) errors.push(String((error as { reason?: string }).reason ?? JSON.stringify(error)));
      },
      complete: () => undefined,
    },
  );
  return socket;
}

/** The child's state and its answers. */
class Subscribers {
  private sockets: Socket[] = [];
  private readonly errors: string[] = [];

  async open(request: Extract<Request, { kind: 'open' }>): Promise<OpenReply> {
    const deadline = performance.now() + CONNECT_TIMEOUT_MS;
    for (let i = 0; i < request.sockets; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, request.sockets - i) }, () =>
        openSocket(request.url, request.token, request.type, this.errors),
      );
      this.sockets.push(...batch);
      while (batch.some((s) => !s.connected && !s.closed) && performance.now() < deadline) await sleep(10);
    }
    const failures = this.sockets.filter((s) => !s.connected).map((s) => s.closed ?? 'timed out');
    return { connected: this.sockets.length - failures.length, failures: failures.slice(0, 5) };
  }

  status(): StatusReply {
    return {
      live: this.sockets.filter((s) => s.received.size > 0).length,
      closed: this.sockets.filter((s) => s.closed).length,
      errors: this.errors,
    };
  }

  async measure(commits: Record<string, number>, drainMs: number): Promise<MeasureReply> {
    const ids = Object.keys(commits);
    // Cheap enough to run while deliveries still arrive: the newest ids are looked at first (the ones
    // missing, if any), and a socket that has them all is not looked at again.
    const newestFirst = [...ids].reverse();
    let waiting = this.sockets;
    const deadline = performance.now() + drainMs;
    for (;;) {
      waiting = waiting.filter((s) => !s.closed && newestFirst.some((id) => !s.received.has(id)));
      if (waiting.length === 0 || performance.now() >= deadline) break;
      await sleep(20);
    }
    const latencies: number[] = [];
    for (const socket of this.sockets)
      for (const id of ids) {
        const at = socket.received.get(id);
        if (at !== undefined) latencies.push(at - commits[id]!);
      }
    return {
      latencies,
      expected: this.sockets.length * ids.length,
      duplicates: this.sockets.reduce((sum, s) => sum + s.duplicates, 0),
      closed: this.sockets.filter((s) => s.closed).length,
      errors: this.errors,
    };
  }

  async stop(): Promise<void> {
    await Promise.all(this.sockets.splice(0).map((s) => Promise.resolve(s.client.dispose())));
  }
}

/** A subscriber child as the parent sees it. */
export interface SubscriberProcess {
  open(url: string, token: string, type: string, sockets: number): Promise<OpenReply>;
  status(): Promise<StatusReply>;
  measure(commits: Record<string, number>, drainMs: number): Promise<MeasureReply>;
  /** Closes the sockets and waits for the child to exit (killed after 10 s). */
  stop(): Promise<void>;
}

/** Starts a subscriber child (no sockets yet). */
export function startSubscriberProcess(): SubscriberProcess {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['subscribers'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ask = <T>(request: Request): Promise<T> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`subscriber process exited (code ${code})`));
      child.once('exit', onExit);
      child.once('message', (reply) => {
        child.off('exit', onExit);
        const { error, value } = reply as { error?: string; value?: T };
        if (error !== undefined) reject(new Error(`subscriber process: ${error}`));
        else resolve(value as T);
      });
      child.send(request);
    });
  return {
    open: (url, token, type, sockets) => ask<OpenReply>({ kind: 'open', url, token, type, sockets }),
    status: () => ask<StatusReply>({ kind: 'status' }),
    measure: (commits, drainMs) => ask<MeasureReply>({ kind: 'measure', commits, drainMs }),
    async stop() {
      if (child.exitCode === null && child.connected) child.send({ kind: 'stop' } satisfies Request);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

if (process.argv[2] === 'subscribers' && process.send) {
  const subscribers = new Subscribers();
  const answer = (work: () => unknown) =>
    Promise.resolve()
      .then(work)
      .then(
        (value) => process.send!({ value }),
        (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
      );
  const stop = () => void subscribers.stop().finally(() => process.exit(0));
  // The bench died: close the sockets and go.
  process.once('disconnect', stop);
  process.on('message', (message) => {
    const request = message as Request;
    if (request.kind === 'open') void answer(() => subscribers.open(request));
    else if (request.kind === 'status') void answer(() => subscribers.status());
    else if (request.kind === 'measure') void answer(() => subscribers.measure(request.commits, request.drainMs));
    else stop();
  });
}
