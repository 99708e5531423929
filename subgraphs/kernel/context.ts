/**
 * Per-request context. The gateway builds a {@link GatewayContext} once per request; each subgraph
 * derives its own context from it with a forked EntityManager, its DataLoaders and its services.
 */
import type { Authenticator } from './auth/authenticate.js';
import type { Principal } from './auth/principal.js';
import type { EntityManager } from './db/orm.js';
import { failUnavailableOnOutage } from './db/outage.js';
import type { Env } from './env.js';

/** What the gateway knows about a request. Forwarded to remote subgraphs as headers. */
export interface GatewayContext {
  readonly requestId: string;
  readonly authorization: string | undefined;
  readonly principal: Principal;
  /**
   * The caller's IP as the edge saw it (express `req.ip`; X-Forwarded-For only from a trusted proxy).
   * Set by the service, never by an operation's arguments, so throttles cannot be talked around.
   */
  readonly clientIp?: string | undefined;
  /** The caller's `User-Agent` as the edge saw it; with the IP it tells anonymous viewers apart. */
  readonly userAgent?: string | undefined;
}

/** What every subgraph context starts from. */
export interface BaseContext {
  readonly requestId: string;
  readonly principal: Principal;
  /** Forked for this request and this subgraph: its own identity map, never shared. */
  readonly em: EntityManager;
  readonly env: Env;
  /** The caller's IP (see {@link GatewayContext.clientIp}); absent for internal calls. */
  readonly clientIp?: string | undefined;
  /** The caller's `User-Agent` (see {@link GatewayContext.userAgent}); absent for internal calls. */
  readonly userAgent?: string | undefined;
}

/**
 * Builds the gateway context of one request: its id and the authenticated caller. Authenticating
 * reads the database, so an outage here is the UNAVAILABLE error (a 503), not a failed context (500).
 */
export async function gatewayContext(
  requestId: string,
  authorization: string | undefined,
  authenticator: Authenticator,
  clientIp?: string,
  userAgent?: string,
): Promise<GatewayContext> {
  const principal = await failUnavailableOnOutage(() => authenticator.authenticate(authorization), requestId);
  return { requestId, authorization, principal, clientIp, userAgent };
}
