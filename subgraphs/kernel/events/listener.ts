/**
 * PostgreSQL LISTEN for the event pipeline: the outbox trigger NOTIFYs `outbox_event` when events are
 * committed, and the publisher NOTIFYs `event_published` with each published event, so dispatchers and
 * subscription servers in any process wake at once instead of polling.
 *
 * - PostgreSQL (DATABASE_URL): one dedicated `pg.Client` per listener (a pooled connection cannot keep
 *   a LISTEN), reconnecting with backoff after a lost connection; after a reconnect every channel is
 *   listened again and the `onReconnect` callbacks run (notifications sent while disconnected are lost,
 *   so consumers catch up from the tables).
 * - Embedded PGlite: its own `listen()` on the one connection the ORM already has.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Orm } from '../db/orm.js';
import type { Env } from '../env.js';
import { log } from '../logger.js';

export interface EventListener {
  /** Listens on `channel`; resolves once listening, with a function that stops this callback. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs `callback` after a lost connection was re-established (catch up what was missed); returns an unsubscribe. */
  onReconnect(callback: () => void): () => void;
  /** Stops listening on every channel and closes the dedicated connection. */
  close(): Promise<void>;
}

/** Channel names are identifiers we choose; quoting is still applied. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const CONNECT_TIMEOUT_MS = 5_000;
const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 10_000;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid LISTEN channel name: ${channel}`);
}

type Callbacks = Map<string, Set<(payload: string) => void>>;

function dispatch(callbacks: Callbacks, channel: string, payload: string): void {
  for (const callback of callbacks.get(channel) ?? []) {
    try {
      callback(payload);
    } catch (error) {
      log('error', 'event listener callback failed', { channel, error });
    }
  }
}

/** A listener on the database `orm` is connected to (`env.databaseUrl` set: PostgreSQL, else PGlite). */
export function createEventListener(orm: Orm, env: Pick<Env, 'databaseUrl'>): EventListener {
  return env.databaseUrl ? new PostgresListener(env.databaseUrl) : new PgliteListener(orm);
}

class PostgresListener implements EventListener {
  private readonly callbacks: Callbacks = new Map();
  private readonly reconnectCallbacks = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly connectionString: string) {}

  /** The connected client, connecting (and listening on every known channel) when needed. */
  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('notification', (message) => dispatch(this.callbacks, message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      for (const channel of this.callbacks.keys()) await client.query(`listen "${channel}"`);
    } catch (error) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('event listener closed');
    }
    this.client = client;
    return client;
  }

  /** The connection broke: drop it and reconnect with backoff (until closed). */
  private lost(client: pg.Client, error: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    log('warn', 'event listener lost its database connection; reconnecting', { error });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.failures);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().then(
        () => {
          this.failures = 0;
          log('info', 'event listener reconnected', { channels: [...this.callbacks.keys()] });
          for (const callback of this.reconnectCallbacks) {
            try {
              callback();
            } catch (error) {
              log('error', 'event listener reconnect callback failed', { error });
            }
          }
        },
        (error: unknown) => {
          this.failures += 1;
          if (!this.closed) log('warn', 'event listener could not reconnect; retrying', { error });
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    checkChannel(channel);
    if (this.closed) throw new Error('event listener closed');
    let set = this.callbacks.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.callbacks.set(channel, set);
    }
    set.add(onNotify);
    if (first) {
      try {
        // A client opened from here on listens on the new channel itself (open() reads callbacks).
        const client = await this.connect();
        if (this.client === client) await client.query(`listen "${channel}"`);
      } catch (error) {
        set.delete(onNotify);
        if (set.size === 0) this.callbacks.delete(channel);
        throw error;
      }
    } else {
      await this.connect();
    }
    return async () => {
      const current = this.callbacks.get(channel);
      if (!current?.delete(onNotify) || current.size > 0) return;
      this.callbacks.delete(channel);
      await this.client?.query(`unlisten "${channel}"`).catch(() => undefined);
    };
  }

  onReconnect(callback: () => void): () => void {
    this.reconnectCallbacks.add(callback);
    return () => this.reconnectCallbacks.delete(callback);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.callbacks.clear();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

class PgliteListener implements EventListener {
  private readonly callbacks: Callbacks = new Map();
  private readonly unlistens = new Map<string, () => Promise<void>>();
  private closed = false;

  constructor(private readonly orm: Orm) {}

  private async native(): Promise<PGlite> {
    const connection = this.orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> };
    return connection.getNativeClient();
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    checkChannel(channel);
    if (this.closed) throw new Error('event listener closed');
    let set = this.callbacks.get(channel);
    if (!set) {
      set = new Set();
      this.callbacks.set(channel, set);
      const db = await this.native();
      this.unlistens.set(channel, await db.listen(channel, (payload) => dispatch(this.callbacks, channel, payload)));
    }
    set.add(onNotify);
    return async () => {
      const current = this.callbacks.get(channel);
      if (!current?.delete(onNotify) || current.size > 0) return;
      this.callbacks.delete(channel);
      const unlisten = this.unlistens.get(channel);
      this.unlistens.delete(channel);
      await unlisten?.().catch(() => undefined);
    };
  }

  /** The embedded database never loses its connection. */
  onReconnect(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.callbacks.clear();
    const unlistens = [...this.unlistens.values()];
    this.unlistens.clear();
    for (const unlisten of unlistens) await unlisten().catch(() => undefined);
  }
}
