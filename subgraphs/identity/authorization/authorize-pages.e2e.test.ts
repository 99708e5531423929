/**
 * GET /oauth/authorize and its pages through the running service with plain fetch (cookies by hand):
 * the whole flow, every error row of the authorization endpoint, CSRF, first-party, JSON errors and languages.
 */
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import {
  approveApp,
  authorizeQuery,
  CookieClient,
  createBusiness,
  createUser,
  formOf,
  PASSWORD,
  registerApp,
  signInThrough,
  type RegisteredApp,
} from '../../../test/fixtures/authorization.fixtures.js';
import { latestMailTo, linkIn } from '../../../test/mail.js';

let service: TestService;
let userApp: RegisteredApp;
let storeApp: RegisteredApp;
let email: string;

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

beforeAll(async () => {
  service = await startOAuthService();
  userApp = await registerApp(service, { scopes: ['user.profile.read', 'user.receipts.read'] });
  await approveApp(service, userApp.clientId);
  storeApp = await registerApp(service, { scopes: ['store.products.read', 'store.orders.read'] });
  email = await createUser(service);
});

async function codeRows(): Promise<number> {
  const rows = await service.orm.em
    .getConnection()
    .execute<{ n: string }[]>('select count(*) as n from "oauth_authorization_code"');
  return Number(rows[0]?.n);
}

describe('the authorization-code flow', () => {
  it('signs in, asks consent, redirects with code, state and iss, and the code exchanges', async () => {
    const client = new CookieClient(service.url);
    const { verifier, challenge } = pkce();
    const query = authorizeQuery(userApp, {
      scope: 'user.profile.read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const consent = await signInThrough(client, query, email);
    expect(consent.status).toBe(200);
    expect(consent.headers.get('cache-control')).toBe('no-store');
    expect(consent.headers.get('x-frame-options')).toBe('DENY');
    expect(consent.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const html = await consent.text();
    expect(html).toContain('Green Tea &lt;Partner&gt; &amp; Co');
    expect(html).not.toContain('<Partner>');
    expect(html).toContain('あなたの基本情報の閲覧');
    const session = client.cookies.get('rmp_session');
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const form = formOf(html, '/oauth/consent');
    const approved = await client.post(form.action, { ...form.fields, decision: 'approve' });
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(userApp.redirectUri);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('iss')).toBe(service.env.publicUrl);
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await service.call('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grantType: 'authorization_code',
        clientId: userApp.clientId,
        clientSecret: userApp.clientSecret,
        code,
        redirectUri: userApp.redirectUri,
        codeVerifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ tokenType: 'Bearer', scope: 'user.profile.read' });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, stores it only hashed, and signs out', async () => {
    const client = new CookieClient(service.url);
    const page = await client.request('/oauth/sign-in');
    const form = formOf(await page.text(), '/oauth/sign-in');
    const posted = await client.post(form.action, { ...form.fields, email, password: PASSWORD });
    expect(posted.status).toBe(200);
    const cookie = posted.headers.getSetCookie().find((c) => c.startsWith('rmp_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // NODE_ENV=test
    const token = client.cookies.get('rmp_session')!;
    const rows: { token_hash: string }[] = await service.orm.em
      .getConnection()
      .execute('select token_hash from "browser_session"');
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const consent = await client.request(`/oauth/authorize?${authorizeQuery(userApp, { scope: 'user.profile.read' })}`);
    const signOut = formOf(await consent.text(), '/oauth/sign-out');
    const out = await client.post(signOut.action, signOut.fields);
    expect(out.status).toBe(303);
    expect(client.cookies.has('rmp_session')).toBe(false);
    const after = await service.orm.em
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from "browser_session" where token_hash = ?', [
        createHash('sha256').update(token).digest('hex'),
      ]);
    expect(Number(after[0]?.n)).toBe(0);
  });

  it('deny redirects with error=access_denied, state and iss', async () => {
    const client = new CookieClient(service.url);
    const consent = await signInThrough(client, authorizeQuery(userApp, { scope: 'user.profile.read' }), email);
    const form = formOf(await consent.text(), '/oauth/consent');
    const denied = await client.post(form.action, { ...form.fields, decision: 'deny' });
    expect(denied.status).toBe(303);
    const location = new URL(denied.headers.get('location')!);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      state: 'st-123',
      iss: service.env.publicUrl,
    });
  });

  it('refuses a consent without the right CSRF token (403) and issues nothing', async () => {
    const client = new CookieClient(service.url);
    const consent = await signInThrough(client, authorizeQuery(userApp, { scope: 'user.profile.read' }), email);
    const form = formOf(await consent.text(), '/oauth/consent');
    const before = await codeRows();
    const wrong = await client.post(form.action, { ...form.fields, csrf_token: 'x'.repeat(43), decision: 'approve' });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain('csrf_failed');
    const missing = await client.post(form.action, { decision: 'approve' });
    expect(missing.status).toBe(403);
    expect(await codeRows()).toBe(before);
  });

  it('refuses a sign-in form without the form token (403)', async () => {
    const client = new CookieClient(service.url);
    await client.request('/oauth/sign-in');
    const posted = await client.post('/oauth/sign-in', { email, password: PASSWORD, csrf_token: 'nope' });
    expect(posted.status).toBe(403);
    expect(client.cookies.has('rmp_session')).toBe(false);
  });

  it('shows the sign-in page again with a generic error for a wrong password', async () => {
    const client = new CookieClient(service.url);
    const page = await client.request(`/oauth/sign-in?${authorizeQuery(userApp, { scope: 'user.profile.read' })}`);
    const form = formOf(await page.text(), '/oauth/sign-in');
    const posted = await client.post(
      form.action,
      { ...form.fields, email, password: 'wrong password entirely!' },
      {
        'accept-language': 'en',
      },
    );
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('The email or password is incorrect.');
    expect(client.cookies.has('rmp_session')).toBe(false);
  });

  it('signs up a new account, verifies it through the mailed link and continues to consent', async () => {
    const client = new CookieClient(service.url);
    const query = authorizeQuery(userApp, { scope: 'user.profile.read' });
    const page = await client.request(`/oauth/sign-up?${query}`);
    const form = formOf(await page.text(), '/oauth/sign-up');
    const weak = await client.post(form.action, { ...form.fields, email: 'new1@example.test', password: 'short' });
    expect(weak.status).toBe(400);
    const fresh = `n${randomBytes(4).toString('hex')}@example.test`;
    const posted = await client.post(form.action, { ...form.fields, email: fresh, password: PASSWORD });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain(fresh);
    expect(client.cookies.has('rmp_session')).toBe(false);
    const landing = await client.request(linkIn((await latestMailTo(service, fresh)).body, '/oauth/verify-email'));
    const confirm = formOf(await landing.text(), '/oauth/verify-email');
    const verified = await client.post(confirm.action, confirm.fields);
    expect(verified.status).toBe(200);
    const next = /href="(\/oauth\/authorize\?[^"]+)"/.exec(await verified.text())?.[1]?.replaceAll('&amp;', '&');
    expect(next?.startsWith('/oauth/authorize?')).toBe(true);
    const carried = Object.fromEntries(new URLSearchParams(next?.split('?')[1]));
    expect(carried).toEqual(Object.fromEntries(new URLSearchParams(query)));
    const consent = await signInThrough(client, query, fresh);
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain(fresh);
  });

  it('skips consent for a first-party app', async () => {
    const firstParty = await registerApp(service, { scopes: ['user.profile.read'], firstParty: true });
    const client = new CookieClient(service.url);
    const redirect = await signInThrough(client, authorizeQuery(firstParty, { scope: 'user.profile.read' }), email);
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('iss')).toBe(service.env.publicUrl);
  });
});

describe('error rows', () => {
  const get = (query: string, accept = 'text/html') =>
    fetch(`${service.url}/oauth/authorize?${query}`, { redirect: 'manual', headers: { accept } });

  it('unknown client_id: 400 page, never a redirect', async () => {
    const response = await get(authorizeQuery({ ...userApp, clientId: 'rmp_nope' }, { scope: 'user.profile.read' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('invalid_client');
  });

  it('unregistered redirect_uri: 400 page, never a redirect', async () => {
    const response = await get(
      authorizeQuery({ ...userApp, redirectUri: 'https://evil.example/cb' }, { scope: 'user.profile.read' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('invalid_redirect_uri');
    const prefix = await get(
      authorizeQuery({ ...userApp, redirectUri: `${userApp.redirectUri}/x` }, { scope: 'user.profile.read' }),
    );
    expect(prefix.status).toBe(400);
  });

  it.each([
    ['response_type=token', { response_type: 'token', scope: 'user.profile.read' }, 'unsupported_response_type'],
    ['mixed scopes', { scope: 'user.profile.read store.products.read' }, 'invalid_scope'],
    ['unknown scope', { scope: 'user.everything' }, 'invalid_scope'],
    [
      'plain PKCE',
      { scope: 'user.profile.read', code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
      'invalid_request',
    ],
    ['PKCE without method', { scope: 'user.profile.read', code_challenge: 'a'.repeat(43) }, 'invalid_request'],
  ])('%s: 400 naming the error, as HTML and as problem JSON', async (_name, params, code) => {
    const html = await get(authorizeQuery(userApp, params));
    expect(html.status).toBe(400);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(html.headers.get('location')).toBeNull();
    expect(await html.text()).toContain(code);
    const json = await get(authorizeQuery(userApp, params), 'application/json');
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await json.json()).toMatchObject({
      status: 400,
      code,
      type: `/problems/${code}`,
      instance: '/oauth/authorize',
    });
  });

  it('tells a request mixing store and user scopes that they cannot be combined', async () => {
    const json = await get(
      authorizeQuery(userApp, { scope: 'user.profile.read store.products.read' }),
      'application/json',
    );
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({
      code: 'invalid_scope',
      detail: expect.stringMatching(/cannot be combined/),
    });
  });

  it('app_not_approved until an operator approves the app, then the flow works', async () => {
    const pending = await registerApp(service, { scopes: ['user.profile.read'] });
    const query = authorizeQuery(pending, { scope: 'user.profile.read' });
    const refused = await get(query, 'application/json');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'app_not_approved' });
    await approveApp(service, pending.clientId);
    const client = new CookieClient(service.url);
    const consent = await signInThrough(client, query, email);
    expect(consent.status).toBe(200);
  });
});

describe('business scopes', () => {
  it('refuse a user who owns no business account (not_a_business_owner)', async () => {
    const client = new CookieClient(service.url);
    const page = await signInThrough(client, authorizeQuery(storeApp, { scope: 'store.products.read' }), email);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('not_a_business_owner');
  });

  it('let org_id choose among owned accounts, and refuse one that is not owned', async () => {
    const owner = await createUser(service);
    const first = await createBusiness(service, owner, 'さくら商店');
    const second = await createBusiness(service, owner, 'みどり食堂');
    const other = await createBusiness(service, email.replace('@', '+x@'), 'Someone else', false);
    const client = new CookieClient(service.url);
    const choose = await signInThrough(client, authorizeQuery(storeApp, { scope: 'store.products.read' }), owner);
    const html = await choose.text();
    expect(html).toContain('さくら商店');
    expect(html).toContain('みどり食堂');
    const picked = await client.request(
      `/oauth/authorize?${authorizeQuery(storeApp, { scope: 'store.products.read', org_id: second })}`,
    );
    const form = formOf(await picked.text(), '/oauth/consent');
    expect(form.fields.business_account_id).toBe(second);
    const approved = await client.post(form.action, { ...form.fields, decision: 'approve' });
    expect(approved.status).toBe(303);
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const rows = await service.orm.em
      .getConnection()
      .execute<{ business_account_id: string }[]>(
        'select business_account_id from "oauth_authorization_code" where code_hash = ?',
        [createHash('sha256').update(code).digest('hex')],
      );
    expect(rows[0]?.business_account_id).toBe(second);
    // The chooser offered the two owned accounts by id, read from the page (not the one owned by another).
    expect([...html.matchAll(/<option value="([^"]+)">/g)].map((o) => o[1]).sort()).toEqual([first, second].sort());
    const notOwned = await client.request(
      `/oauth/authorize?${authorizeQuery(storeApp, { scope: 'store.products.read', org_id: other })}`,
    );
    expect(notOwned.status).toBe(403);
  });
});

describe('languages', () => {
  it('Japanese by default and for ja, English for en', async () => {
    const query = authorizeQuery(userApp, { scope: 'user.profile.read' });
    const ja = await fetch(`${service.url}/oauth/sign-in?${query}`);
    const jaHtml = await ja.text();
    expect(jaHtml).toContain('<html lang="ja">');
    expect(jaHtml).toContain('ログイン');
    const en = await fetch(`${service.url}/oauth/sign-in?${query}`, {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    const enHtml = await en.text();
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain('Sign in');
    const fr = await fetch(`${service.url}/oauth/sign-in?${query}`, { headers: { 'accept-language': 'fr' } });
    expect(await fr.text()).toContain('<html lang="ja">');
  });
});
