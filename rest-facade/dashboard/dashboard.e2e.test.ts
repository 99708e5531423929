/**
 * The live events page over HTTP: the sign-in redirect (PKCE S256, the dashboard's first-party
 * client, a business scope, org_id passed on), the callback (state, code exchange, sealed session
 * cookie), the page itself (ja/en, CSP allowing only its own script and WebSocket connections to this
 * origin, the configuration data block), the token endpoint (header required, refresh, renewal,
 * signed-out), sign-out (revokes the grant), and the 503 page without a client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/harness.js';
import { resolveSecretsKey, encryptSecret } from '../../subgraphs/kernel/auth/secrets-key.js';
import { DEMO_DASHBOARD_CLIENT } from '../../processes/demo/demo-apps.js';
import { DEMO_USERS } from '../../processes/demo/demo-data.js';
import { demoId } from '../../processes/demo/demo-id.js';
import { CookieClient, formOf } from '../../test/fixtures/authorization.fixtures.js';
import { viewer } from '../../test/fixtures/oauth.fixtures.js';
import { freePort } from '../../test/fixtures/ports.js';
import { dashboardCookieKey, DASHBOARD_SESSION_COOKIE, DASHBOARD_SIGN_IN_COOKIE } from './cookies.js';
import { DASHBOARD_EVENT_TYPES } from './event-types.js';
import { EVENTS_SUBSCRIPTION } from './router.js';

const OWNER = DEMO_USERS[1]; // owner@sakura-mart.example, owner of さくらマート (demo business 1)
const SAKURA = demoId(1, 1);

let service: TestService;
let unconfigured: TestService;

beforeAll(async () => {
  const port = await freePort();
  // Demo data with published credentials: the demo dashboard app is the page's client.
  service = await startTestService({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  unconfigured = await startTestService({ demoData: false });
});

/** From the page's redirect through the real sign-in form to wherever the service sends the browser last. */
async function signIn(client: CookieClient, email: string, password: string, path = '/dashboard/events') {
  let response = await client.request(path);
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      response = await client.request(location);
      continue;
    }
    if (response.status === 200 && new URL(response.url).pathname === '/oauth/sign-in') {
      const form = formOf(await response.text(), '/oauth/sign-in');
      response = await client.post(form.action, { ...form.fields, email, password });
      continue;
    }
    return response;
  }
  throw new Error('too many redirects');
}

async function signedInClient(): Promise<CookieClient> {
  const client = new CookieClient(service.url);
  const landed = await signIn(client, OWNER.email, OWNER.password);
  expect(landed.status).toBe(200);
  expect(new URL(landed.url).pathname).toBe('/dashboard/events');
  return client;
}

const token = (client: CookieClient, query = '', headers: Record<string, string> = { 'x-requested-with': 'fetch' }) =>
  client.request(`/dashboard/token${query}`, { method: 'POST', headers: { accept: 'application/json', ...headers } });

function configOf(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="dashboard-config">([^<]*)<\/script>/.exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block?.[1] ?? '') as Record<string, unknown>;
}

describe('GET /dashboard/events, not signed in', () => {
  it('303 to /oauth/authorize as the dashboard app: code, PKCE S256, a business scope, a sealed pending sign-in', async () => {
    const client = new CookieClient(service.url);
    const response = await client.request(`/dashboard/events?org_id=${SAKURA}`);
    expect(response.status).toBe(303);
    const authorize = new URL(response.headers.get('location') ?? '', service.url);
    expect(authorize.pathname).toBe('/oauth/authorize');
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: DEMO_DASHBOARD_CLIENT.clientId,
      redirect_uri: `${service.env.publicUrl}/dashboard/callback`,
      scope: 'analytics.read sales.read',
      code_challenge_method: 'S256',
      org_id: SAKURA,
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${DASHBOARD_SIGN_IN_COOKIE}=`));
    expect(cookie).toMatch(/; Path=\/dashboard; Max-Age=900; HttpOnly; SameSite=Lax$/);
    // Sealed: the state is not readable from it.
    expect(decodeURIComponent(cookie ?? '')).not.toContain(params.state);
  });
});

describe('sign-in as the demo business owner', () => {
  it('lands on the events page with a sealed HttpOnly session; the page is Japanese by default', async () => {
    const client = new CookieClient(service.url);
    const landed = await signIn(client, OWNER.email, OWNER.password);
    expect(landed.status).toBe(200);
    expect(new URL(landed.url).pathname).toBe('/dashboard/events');
    expect(client.cookies.has(DASHBOARD_SIGN_IN_COOKIE)).toBe(false);
    const sealed = decodeURIComponent(client.cookies.get(DASHBOARD_SESSION_COOKIE) ?? '');
    expect(sealed.length).toBeGreaterThan(100);
    expect(sealed).not.toMatch(/eyJ/); // no JWT in the clear
    expect(landed.headers.get('content-language')).toBe('ja');
    expect(landed.headers.get('cache-control')).toBe('no-store');
    const csp = landed.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await landed.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('ライブイベント');
    expect(html).toContain('<script src="/dashboard/events.js"></script>');
    // The only other script element is the configuration data block, which is not executed.
    expect([...html.matchAll(/<script/g)]).toHaveLength(2);
    for (const type of DASHBOARD_EVENT_TYPES) expect(html).toContain(`value="${type}"`);
    const config = configOf(html);
    expect(config).toMatchObject({
      locale: 'ja',
      query: EVENTS_SUBSCRIPTION,
      wsUrl: null,
      tokenPath: '/dashboard/token',
    });
    expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/); // no token in the page
  });

  it('English by Accept-Language', async () => {
    const client = await signedInClient();
    const page = await client.request('/dashboard/events', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-language')).toBe('en');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Live events');
    expect(html).toContain('Sign out');
    expect(configOf(html)).toMatchObject({ locale: 'en', messages: { live: 'Live' } });
  });
});

describe('POST /dashboard/token', () => {
  it("answers the owner's business access token (no-store), which the gateway accepts", async () => {
    const client = await signedInClient();
    const response = await token(client);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { accessToken: string; expiresAt: string };
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 30 * 60_000);
    const result = await service.graphql<{ viewer: { kind: string; businessAccountId: string; clientId: string } }>(
      '{ viewer { kind businessAccountId clientId } }',
      {},
      body.accessToken,
    );
    expect(result.data?.viewer).toEqual({
      kind: 'business',
      businessAccountId: SAKURA,
      clientId: DEMO_DASHBOARD_CLIENT.clientId,
    });
  });

  it('403 without X-Requested-With (no other site can make it refresh), 401 without a session', async () => {
    const client = await signedInClient();
    const bare = await token(client, '', {});
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as { code: string }).code).toBe('header_required');
    const stranger = await token(new CookieClient(service.url));
    expect(stranger.status).toBe(401);
    expect(((await stranger.json()) as { code: string }).code).toBe('not_signed_in');
  });

  it('renews on ?renew=1 with the refresh token kept server-side; the session cookie is re-sealed', async () => {
    const client = await signedInClient();
    const first = ((await (await token(client)).json()) as { accessToken: string }).accessToken;
    const before = client.cookies.get(DASHBOARD_SESSION_COOKIE);
    const renewed = await token(client, '?renew=1');
    expect(renewed.status).toBe(200);
    const second = ((await renewed.json()) as { accessToken: string }).accessToken;
    expect(second).not.toBe(first);
    expect(client.cookies.get(DASHBOARD_SESSION_COOKIE)).not.toBe(before);
    expect(await viewer(service, second)).toMatchObject({ kind: 'business' });
    // Without renew the same token comes back while it is fresh.
    expect(((await (await token(client)).json()) as { accessToken: string }).accessToken).toBe(second);
  });

  it('refreshes an access token about to expire', async () => {
    const client = await signedInClient();
    const key = dashboardCookieKey(resolveSecretsKey(service.env));
    const { decryptSecret } = await import('../../subgraphs/kernel/auth/secrets-key.js');
    const session = JSON.parse(
      decryptSecret(key, decodeURIComponent(client.cookies.get(DASHBOARD_SESSION_COOKIE)!)),
    ) as {
      accessToken: string;
      accessExpiresAt: number;
    };
    const aged = { ...session, accessExpiresAt: Date.now() + 30_000 };
    client.cookies.set(DASHBOARD_SESSION_COOKIE, encodeURIComponent(encryptSecret(key, JSON.stringify(aged))));
    const body = (await (await token(client)).json()) as { accessToken: string };
    expect(body.accessToken).not.toBe(session.accessToken);
  });

  it('401 and the session removed when the grant was revoked', async () => {
    const client = await signedInClient();
    const access = ((await (await token(client)).json()) as { accessToken: string }).accessToken;
    const revoked = await service.graphql(
      'mutation($input: TokenRevocationInput!) { revokeToken(input: $input) { revoked } }',
      { input: { token: access, ...DEMO_DASHBOARD_CLIENT } },
    );
    expect(revoked.errors).toBeUndefined();
    const answer = await token(client, '?renew=1');
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { code: string }).code).toBe('session_ended');
    expect(client.cookies.has(DASHBOARD_SESSION_COOKIE)).toBe(false);
  });
});

describe('GET /dashboard/callback', () => {
  it('refuses a wrong state, a forged or missing pending sign-in and a denied consent', async () => {
    const client = new CookieClient(service.url);
    const started = await client.request('/dashboard/events', { headers: { 'accept-language': 'en' } });
    const state = new URL(started.headers.get('location') ?? '', service.url).searchParams.get('state') ?? '';
    const wrong = await client.request('/dashboard/callback?code=x&state=not-the-state');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('invalid_state');
    // The pending sign-in is used once: the right state now finds none.
    const spent = await client.request(`/dashboard/callback?code=x&state=${state}`);
    expect(spent.status).toBe(400);
    expect(await spent.text()).toContain('sign_in_missing');

    const again = await client.request('/dashboard/events');
    const againState = new URL(again.headers.get('location') ?? '', service.url).searchParams.get('state') ?? '';
    const sealed = client.cookies.get(DASHBOARD_SIGN_IN_COOKIE) ?? '';
    client.cookies.set(DASHBOARD_SIGN_IN_COOKIE, `${sealed.slice(0, -4)}AAAA`);
    const forged = await client.request(`/dashboard/callback?code=x&state=${againState}`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('sign_in_missing');

    const denied = await client.request('/dashboard/events');
    const deniedState = new URL(denied.headers.get('location') ?? '', service.url).searchParams.get('state') ?? '';
    const answer = await client.request(`/dashboard/callback?error=access_denied&state=${deniedState}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Sign-in cancelled');
    expect(client.cookies.has(DASHBOARD_SESSION_COOKIE)).toBe(false);
  });

  it('a code that does not exchange is an error page, not a session', async () => {
    const client = new CookieClient(service.url);
    const started = await client.request('/dashboard/events');
    const state = new URL(started.headers.get('location') ?? '', service.url).searchParams.get('state') ?? '';
    const answer = await client.request(`/dashboard/callback?code=not-a-code&state=${state}`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(client.cookies.has(DASHBOARD_SESSION_COOKIE)).toBe(false);
  });
});

describe('POST /dashboard/sign-out', () => {
  it('needs the form token; then removes the session and revokes the grant', async () => {
    const client = await signedInClient();
    const access = ((await (await token(client)).json()) as { accessToken: string }).accessToken;
    const page = await (await client.request('/dashboard/events')).text();
    const form = formOf(page, '/dashboard/sign-out');
    const forged = await client.post(form.action, { csrf_token: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('csrf_failed');
    const out = await client.post(form.action, form.fields, { 'accept-language': 'en' });
    expect(out.status).toBe(200);
    expect(await out.text()).toContain('Signed out');
    expect(client.cookies.has(DASHBOARD_SESSION_COOKIE)).toBe(false);
    expect(await viewer(service, access)).toEqual({ error: 'UNAUTHENTICATED' });
    expect((await token(client)).status).toBe(401);
  });
});

describe('the script and an unconfigured service', () => {
  it('GET /dashboard/events.js is the graphql-ws client, as JavaScript', async () => {
    const response = await service.call('/dashboard/events.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await response.text();
    for (const word of ['graphql-transport-ws', 'connection_init', 'connection_ack', "'pong'", 'after'])
      expect(script).toContain(word);
  });

  it('503 page when no dashboard client is configured (no demo data)', async () => {
    const response = await unconfigured.call('/dashboard/events', { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-security-policy')).not.toContain('script-src');
    const html = await response.text();
    expect(html).toContain('Sign-in is not configured');
    expect(html).toContain('dashboard_not_configured');
  });
});
