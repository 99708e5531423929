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
import { DASHBOARD_SCOPES } from '../../rest-facade/dashboard/scopes.js';

/** The redirect URI of a command-line client's loopback listener (RFC 8252 §7.3), the same on any port. */
export const DEMO_LOOPBACK_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

/**
 * Where the demo apps may send codes: the running service's own `/demo/callback` under its public URL
 * (PUBLIC_URL, else `http://localhost:$PORT`; no page answers there, but the code and state are in the
 * browser's address bar), and the loopback listener of command-line clients.
 */
export function demoRedirectUris(publicUrl: string): string[] {
  const base = publicUrl.replace(/\/+$/, '');
  return [
    `${base}/demo/callback`,
    `${base}/receipts/callback`,
    `${base}/dashboard/callback`,
    DEMO_LOOPBACK_REDIRECT_URI,
  ];
}

/**
 * The first-party app the receipt pages sign consumers in with (RECEIPT_PAGE_CLIENT_ID/_SECRET
 * default to it when demo data with published credentials is loaded). Its code comes back to
 * `{PUBLIC_URL}/receipts/callback`. Published demo credentials: never reuse them outside a demo.
 */
export const DEMO_RECEIPT_PAGE_CLIENT = {
  clientId: 'rmp_demo_receipt_page',
  clientSecret: 'rmps_demo_receipt_page_secret_for_demos_only',
} as const;

/**
 * The first-party app the live events page (`/dashboard/events`) signs business owners in with
 * (DASHBOARD_CLIENT_ID/_SECRET default to it when demo data with published credentials is loaded).
 * Its code comes back to `{PUBLIC_URL}/dashboard/callback`. Published demo credentials.
 */
export const DEMO_DASHBOARD_CLIENT = {
  clientId: 'rmp_demo_dashboard',
  clientSecret: 'rmps_demo_dashboard_secret_for_demos_only',
} as const;

/**
 * The demo consumer app's authorization request for a browser (the landing page's sign-in link): a
 * user scope, answered at `${publicUrl}/demo/callback`. No PKCE, so the code is exchanged with the
 * client secret alone (README, "Sign in and get a token").
 */
export function demoSignInPath(publicUrl: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'rmp_demo_consumer_app',
    redirect_uri: demoRedirectUris(publicUrl)[0] ?? '',
    scope: 'user.profile.read',
    state: 'demo',
  });
  return `/oauth/authorize?${query.toString()}`;
}

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
export function demoApps(ids: {
  firstParty: string;
  partner: string;
  sakuraMart: string;
  receiptPage: string;
  dashboard: string;
}): readonly DemoApp[] {
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
    {
      id: ids.receiptPage,
      name: 'レシート受け取り (receipt page)',
      ...DEMO_RECEIPT_PAGE_CLIENT,
      scopes: ['user.receipts.read'],
      firstParty: true,
      businessAccountId: null,
    },
    {
      id: ids.dashboard,
      name: 'イベント ダッシュボード (events page)',
      ...DEMO_DASHBOARD_CLIENT,
      scopes: [...DASHBOARD_SCOPES],
      firstParty: true,
      businessAccountId: null,
    },
  ];
}

/**
 * Creates the demo apps that are absent (by id or client id), and lets the present ones accept every
 * URI of `redirectUris` too (a demo database first served on another port or URL keeps working).
 * Returns how many were created.
 */
export async function loadDemoApps(
  em: EntityManager,
  apps: readonly DemoApp[],
  redirectUris: readonly string[],
): Promise<number> {
  const existing = await em.find(OAuthClient, {
    $or: [{ id: { $in: apps.map((a) => a.id) } }, { clientId: { $in: apps.map((a) => a.clientId) } }],
  });
  for (const client of existing) {
    const missing = redirectUris.filter((uri) => !client.redirectUris.includes(uri));
    if (missing.length > 0) client.redirectUris = [...client.redirectUris, ...missing];
  }
  const missing = apps.filter((app) => !existing.some((e) => e.id === app.id || e.clientId === app.clientId));
  for (const app of missing) {
    em.create(OAuthClient, {
      id: app.id,
      clientId: app.clientId,
      clientSecretHash: secretDigest(app.clientSecret),
      name: app.name,
      redirectUris: [...redirectUris],
      scopes: [...app.scopes],
      // A first-party app needs no review; it is marked approved so it stays usable if the mark is removed.
      userScopeStatus: app.scopes.some((s) => s.startsWith('user.')) ? UserScopeStatus.APPROVED : null,
      firstParty: app.firstParty,
      businessAccountId: app.businessAccountId,
    });
  }
  await em.flush();
  return missing.length;
}
