/**
 * Per-request context. The gateway builds a {@link GatewayContext} once per request; each subgraph
 * derives its own context from it with a forked EntityManager, its DataLoaders and its services.
 */
import type { Authenticator } from './auth/authenticate.js';
import type { Principal } from './auth/principal.js';
import type { EntityManager } from './db/orm.js';
import type { Env } from './env.js';

/** What the gateway knows about a request. Forwarded to remote subgraphs as headers. */
export interface GatewayContext {
  readonly requestId: string;
  readonly authorization: string | undefined;
  readonly principal: Principal;
}

/** What every subgraph context starts from. */
export interface BaseContext {
  readonly requestId: string;
  readonly principal: Principal;
  /** Forked for this request and this subgraph: its own identity map, never shared. */
  readonly em: EntityManager;
  readonly env: Env;
}

/** Builds the gateway context of one request: its id and the authenticated caller. */
export async function gatewayContext(
  requestId: string,
  authorization: string | undefined,
  authenticator: Authenticator,
): Promise<GatewayContext> {
  return { requestId, authorization, principal: await authenticator.authenticate(authorization) };
}
