/**
 * Live event subscriptions of a process that serves `/graphql` (the gateway service, the one-process
 * service): one LISTEN on `event_published` (kernel/events/listener.ts), the in-memory fan-out
 * (event-hub.ts) and graphql-ws on the same HTTP server (server.ts). Decision 0014.
 */
import type { Server } from 'node:http';
import type { Authenticator } from '../../subgraphs/kernel/auth/authenticate.js';
import { rootEntityManager, type Orm } from '../../subgraphs/kernel/db/orm.js';
import type { Env } from '../../subgraphs/kernel/env.js';
import { createEventListener } from '../../subgraphs/kernel/events/listener.js';
import { EventHub, SqlEventStore } from './event-hub.js';
import { attachSubscriptions, type SubscriptionServer } from './server.js';

/** Running subscriptions: the graphql-ws server and its LISTEN. */
export interface EventSubscriptions {
  readonly hub: EventHub;
  readonly server: SubscriptionServer;
  /** Closes every socket (1001), then stops listening. */
  close(): Promise<void>;
}

/** Options of {@link startEventSubscriptions}. */
export interface EventSubscriptionOptions {
  /** How often every connection's token is verified again (server.ts default: 5 s). */
  readonly recheckMs?: number;
}

/**
 * LISTENs (rejects when it cannot) and attaches graphql-ws to `httpServer`'s upgrades on `/graphql`.
 * Call it right after the HTTP server listens.
 */
export async function startEventSubscriptions(
  httpServer: Server,
  orm: Orm,
  env: Env,
  authenticator: Authenticator,
  options: EventSubscriptionOptions = {},
): Promise<EventSubscriptions> {
  const listener = createEventListener(orm, env);
  const hub = new EventHub(new SqlEventStore(rootEntityManager(orm)));
  try {
    await hub.start(listener);
  } catch (error) {
    await listener.close();
    throw error;
  }
  // Notifications sent while the LISTEN connection was down are lost: every subscription reads them back.
  const stopResync = listener.onReconnect(() => hub.resync());
  const server = attachSubscriptions(httpServer, {
    authenticator,
    hub,
    retentionDays: env.events.retentionDays,
    production: env.nodeEnv === 'production',
    recheckMs: options.recheckMs,
  });
  return {
    hub,
    server,
    async close() {
      await server.close();
      stopResync();
      await hub.stop();
      await listener.close();
    },
  };
}
