/**
 * The live events page (`/dashboard/events`, rest-facade/dashboard/): the first-party OAuth client it
 * signs business owners in with, and where browsers open the graphql-ws WebSocket.
 */

/** Reads an optional absolute URL (env.ts's parser; throws on a malformed one). */
type UrlReader = (name: string) => string | undefined;

export interface DashboardSettings {
  /**
   * `DASHBOARD_CLIENT_ID` and `DASHBOARD_CLIENT_SECRET` (both or neither): the first-party OAuth
   * client of the events page; its code comes back to `{PUBLIC_URL}/dashboard/callback`. Unset:
   * `npm start` and the tests use the demo dashboard app when demo data with published credentials is
   * loaded; otherwise the page says sign-in is not configured (503).
   */
  readonly client: { readonly clientId: string; readonly clientSecret: string } | undefined;
  /**
   * `GATEWAY_PUBLIC_URL`: the gateway's public base URL, where browsers open the graphql-ws
   * WebSocket (`{url}/graphql`, `ws:`/`wss:` for `http:`/`https:`). Unset: the page's own origin (the
   * one-process topology, or a proxy that routes `/graphql` to the gateway).
   */
  readonly gatewayPublicUrl: string | undefined;
}

export function dashboardSettings(
  source: Readonly<Record<string, string | undefined>>,
  url: UrlReader,
  fail: (message: string) => never,
): DashboardSettings {
  const clientId = source.DASHBOARD_CLIENT_ID || undefined;
  const clientSecret = source.DASHBOARD_CLIENT_SECRET || undefined;
  if ((clientId === undefined) !== (clientSecret === undefined))
    fail('DASHBOARD_CLIENT_ID and DASHBOARD_CLIENT_SECRET are set together or not at all');
  const gatewayPublicUrl = url('GATEWAY_PUBLIC_URL');
  if (gatewayPublicUrl !== undefined && !/^https?:\/\//.test(gatewayPublicUrl))
    fail('GATEWAY_PUBLIC_URL must be an http:// or https:// URL');
  return {
    client: clientId !== undefined && clientSecret !== undefined ? { clientId, clientSecret } : undefined,
    gatewayPublicUrl,
  };
}
