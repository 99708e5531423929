/**
 * The demo OAuth apps: a first-party consumer app (every user scope) and a partner app of the
 * さくらマート business (store scopes, consent always asked). Their client secrets are published demo
 * credentials, like the demo passwords (README, demo section); only their SHA-256 digests are stored,
 * as for real apps. Loaded when absent (by client id), after the demo businesses.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { BUSINESS_SCOPES, USER_SCOPES } from '../../subgraphs/kernel/auth/scopes.js';
import { OAuthClient, UserScopeStatus } from '../../subgraphs/identity/index.js';
import { secretDigest } from '../../subgraphs/identity/oauth-client/client-credentials.js';

/**
 * Where the demo apps may send codes: the running service's own `/demo/callback` (no page answers
 * there, but the code and state are in the browser's address bar) when PORT is 4000, and a loopback
 * listener (RFC 8252 §7.3) for command-line clients on any port.
 */
export const DEMO_REDIRECT_URIS = ['http://localhost:4000/demo/callback', 'http://127.0.0.1:8765/callback'] as const;

/** One demo app, as printed by `npm start`. */
export interface DemoApp {
  readonly id: string;
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: readonly string[];
  readonly firstParty: boolean;
  /** The demo business that registered it (a UUID), or null. */
  readonly businessAccountId: string | null;
}

/**
 * The demo apps. `ids` are the fixed row ids and the id of the さくらマート business (demo-data.ts
 * owns the id scheme). Not secrets: never reuse them outside a demo.
 */
export function demoApps(ids: { firstParty: string; partner: string; sakuraMart: string }): readonly DemoApp[] {
  return [
    {
      id: ids.firstParty,
      name: 'Retail Media デモアプリ (first-party)',
      clientId: 'rmp_demo_consumer_app',
      clientSecret: 'rmps_demo_consumer_app_secret_for_demos_only',
      scopes: [...USER_SCOPES],
      firstParty: true,
      businessAccountId: null,
    },
    {
      id: ids.partner,
      name: 'さくらマート 在庫連携 (demo partner)',
      clientId: 'rmp_demo_sakura_partner',
      clientSecret: 'rmps_demo_sakura_partner_secret_for_demos_only',
      scopes: BUSINESS_SCOPES.filter((scope) => scope.startsWith('store.')),
      firstParty: false,
      businessAccountId: ids.sakuraMart,
    },
  ];
}

/** Creates the demo apps that are absent (by id or client id). Returns how many were created. */
export async function loadDemoApps(em: EntityManager, apps: readonly DemoApp[]): Promise<number> {
  const existing = await em.find(OAuthClient, {
    $or: [{ id: { $in: apps.map((a) => a.id) } }, { clientId: { $in: apps.map((a) => a.clientId) } }],
  });
  const missing = apps.filter((app) => !existing.some((e) => e.id === app.id || e.clientId === app.clientId));
  for (const app of missing) {
    em.create(OAuthClient, {
      id: app.id,
      clientId: app.clientId,
      clientSecretHash: secretDigest(app.clientSecret),
      name: app.name,
      redirectUris: [...DEMO_REDIRECT_URIS],
      scopes: [...app.scopes],
      // A first-party app needs no review; it is marked approved so it stays usable if the mark is removed.
      userScopeStatus: app.scopes.some((s) => s.startsWith('user.')) ? UserScopeStatus.APPROVED : null,
      firstParty: app.firstParty,
      businessAccountId: app.businessAccountId,
    });
  }
  if (missing.length > 0) await em.flush();
  return missing.length;
}
