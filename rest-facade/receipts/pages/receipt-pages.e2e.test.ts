/**
 * The receipt pages the QR codes open, over HTTP: every page state with its status, language, CSP
 * and escaping; the claim button's sign-in through the receipt page's first-party client (PKCE S256,
 * sealed pending-claim cookie, state, code exchange, claim as the user, tokens revoked) and its
 * failures; the anonymous claim when no client is configured; the 429 page with Retry-After.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { CookieClient, formOf, PASSWORD } from '../../../test/fixtures/authorization.fixtures.js';
import { createBusiness, createUser } from '../../../test/fixtures/oauth.fixtures.js';
import { freePort } from '../../../test/fixtures/ports.js';
import { createTerminal, recordSale } from '../../../test/fixtures/receipts.fixtures.js';
import { rootEntityManager } from '../../../subgraphs/kernel/db/orm.js';

const STORE_NAME = '<b>Mart</b> & "Co"';
const ITEM_NAME = '<script>alert(1)</script>';

let service: TestService;
let anonymous: TestService;
let storeId: string;
let anonymousStoreId: string;

async function createStore(on: TestService, owner: string): Promise<string> {
  const businessAccountId = await createBusiness(on, owner);
  const result = await on.graphql<{ createStore: { id: string } }>(
    'mutation($input: CreateStoreInput!) { createStore(input: $input) { id } }',
    {
      input: {
        businessAccountId,
        name: STORE_NAME,
        prefecture: '東京都',
        storeType: 'supermarket',
        isPublicListing: true,
      },
    },
    TEST_OPERATOR_TOKEN,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createStore.id;
}

beforeAll(async () => {
  const port = await freePort();
  // Demo data: the receipt-page demo app is the pages' client by default.
  service = await startTestService({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  // No demo data, so no client: the claim is anonymous; one last-receipt read a minute per terminal.
  anonymous = await startTestService({ demoData: false, env: { RATE_LIMIT_LAST_RECEIPT: '1' } });
  storeId = await createStore(service, 'owner@pages.example');
  anonymousStoreId = await createStore(anonymous, 'owner@pages-anonymous.example');
});

const sql = <T>(on: TestService, query: string, params: unknown[] = []) =>
  rootEntityManager(on.orm).fork().execute<T[]>(query, params);

async function freshTerminal(on = service, store = storeId): Promise<string> {
  const terminal = await createTerminal(on, store);
  await recordSale(on, terminal, {
    items: [
      { name: ITEM_NAME, unitPrice: 150, quantity: 2 },
      { name: 'お茶', unitPrice: 800, quantity: 1 },
    ],
  });
  return terminal;
}

async function open(path: string, language?: string, on = service) {
  const response = await fetch(`${on.url}${path}`, { headers: language ? { 'accept-language': language } : {} });
  return { response, status: response.status, html: await response.text() };
}

function expectPageHeaders(response: Response, language: 'ja' | 'en'): void {
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('content-language')).toBe(language);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src|unsafe-inline/);
}

describe('GET /receipts/terminal/{publicTerminalId}', () => {
  it('200 in Japanese by default: store, time in Japan, items, subtotal, tax, total in yen, the claim form; all escaped', async () => {
    const terminal = await freshTerminal();
    const { response, status, html } = await open(`/receipts/terminal/${terminal}`);
    expect(status).toBe(200);
    expectPageHeaders(response, 'ja');
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('&lt;b&gt;Mart&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>Mart');
    for (const text of ['小計', '¥1,000', '消費税（10%）', '¥100', '合計', '¥1,100', '¥300', 'このレシートを受け取る'])
      expect(html).toContain(text);
    const form = formOf(html, `/receipts/terminal/${terminal}/claim`);
    expect(form.fields.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(form.fields.claim_token).toMatch(/^ey/);
  });

  it('writes the sale time as the clock in Japan shows it', async () => {
    const terminal = await createTerminal(service, storeId);
    const occurredAt = new Date(Date.now() - 60_000);
    await recordSale(service, terminal, { occurredAt: occurredAt.toISOString() });
    const { html } = await open(`/receipts/terminal/${terminal}`, 'en');
    const japan = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(occurredAt);
    expect(html).toContain(japan);
  });

  it('200 for a sale in a store that is not publicly listed, named as its receipt prints it', async () => {
    const businessAccountId = await createBusiness(service, 'owner@pages-unlisted.example');
    const created = await service.graphql<{ createStore: { id: string } }>(
      'mutation($input: CreateStoreInput!) { createStore(input: $input) { id } }',
      {
        input: {
          businessAccountId,
          name: '非公開ストア',
          prefecture: '東京都',
          storeType: 'supermarket',
          isPublicListing: false,
        },
      },
      TEST_OPERATOR_TOKEN,
    );
    expect(created.errors).toBeUndefined();
    const terminal = await createTerminal(service, created.data!.createStore.id);
    await recordSale(service, terminal);
    const { status, html } = await open(`/receipts/terminal/${terminal}`);
    expect(status).toBe(200);
    expect(html).toContain('¥1,100');
    expect(html).toContain('<p class="store">非公開ストア</p>');
  });

  it('200 in English for Accept-Language en', async () => {
    const terminal = await freshTerminal();
    const { response, html } = await open(`/receipts/terminal/${terminal}`, 'en-US,en;q=0.9');
    expectPageHeaders(response, 'en');
    expect(html).toContain('<html lang="en">');
    for (const text of ['Subtotal', 'Tax (10%)', 'Total', '¥1,100', 'Get this receipt']) expect(html).toContain(text);
  });

  it('404 pages: unknown terminal, no receipt yet, expired, already claimed', async () => {
    const unknown = await open('/receipts/terminal/NOSUCHTERM1', 'en');
    expect(unknown.status).toBe(404);
    expectPageHeaders(unknown.response, 'en');
    expect(unknown.html).toContain('Terminal not found');
    const empty = await createTerminal(service, storeId);
    const none = await open(`/receipts/terminal/${empty}`);
    expect(none.status).toBe(404);
    expect(none.html).toContain('レシートはまだありません');
    const old = await createTerminal(service, storeId);
    await recordSale(service, old, { occurredAt: new Date(Date.now() - 11 * 60_000).toISOString() });
    const expired = await open(`/receipts/terminal/${old}`);
    expect(expired.status).toBe(404);
    expect(expired.html).toContain('受け取り期限が過ぎました');
    const taken = await freshTerminal();
    const token = (await service.rest('GET', `/api/v1/terminals/${taken}/last-receipt`)).body.claimToken as string;
    expect(
      (await service.rest('POST', `/api/v1/terminals/${taken}/claim`, undefined, { claimToken: token })).status,
    ).toBe(201);
    const claimed = await open(`/receipts/terminal/${taken}`, 'en');
    expect(claimed.status).toBe(404);
    expect(claimed.html).toContain('Already taken');
    expect(claimed.html).toContain('receipt_claimed');
  });

  it('429 page with Retry-After when the gateway limits the reads', async () => {
    const terminal = await freshTerminal(anonymous, anonymousStoreId);
    expect((await open(`/receipts/terminal/${terminal}`, 'en', anonymous)).status).toBe(200);
    const limited = await open(`/receipts/terminal/${terminal}`, 'en', anonymous);
    expect(limited.status).toBe(429);
    expectPageHeaders(limited.response, 'en');
    const retryAfter = limited.response.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(limited.response.headers.get('ratelimit-policy')).toBeTruthy();
    expect(limited.html).toContain(`Try again in ${retryAfter} seconds.`);
  });
});

describe('GET /receipts/rx/{claimToken}', () => {
  it('200 with the receipt and a claim form without a terminal claim token', async () => {
    const recorded = await recordSale(service, await createTerminal(service, storeId));
    const { response, status, html } = await open(`/receipts/rx/${recorded.transactionQrToken}`);
    expect(status).toBe(200);
    expectPageHeaders(response, 'ja');
    expect(html).toContain('¥1,100');
    const form = formOf(html, `/receipts/rx/${recorded.transactionQrToken}/claim`);
    expect(form.fields.claim_token).toBeUndefined();
  });

  it('404 pages: unknown, expired, claimed, revoked, transaction deleted', async () => {
    const terminal = await createTerminal(service, storeId);
    const expectState = async (token: string, code: string, title: string) => {
      const page = await open(`/receipts/rx/${token}`, 'en');
      expect(page.status).toBe(404);
      expectPageHeaders(page.response, 'en');
      expect(page.html).toContain(title);
      expect(page.html).toContain(code);
    };
    await expectState('x'.repeat(43), 'unknown_token', 'Receipt not found');
    const expired = await recordSale(service, terminal);
    await sql(
      service,
      `update "transaction_qr_token" set "expires_at" = now() - interval '1 second' where "transaction_id" = ?`,
      [expired.transactionId],
    );
    await expectState(expired.transactionQrToken, 'token_expired', 'This QR code has expired');
    const claimed = await recordSale(service, terminal);
    expect((await service.rest('POST', `/api/v1/rx/${claimed.transactionQrToken}/claim`)).status).toBe(201);
    await expectState(claimed.transactionQrToken, 'token_claimed', 'Already taken');
    const revoked = await recordSale(service, terminal);
    const revoke = await service.graphql(
      'mutation($id: ID!) { revokeTransactionQrToken(transactionId: $id) { id } }',
      { id: revoked.transactionId },
      TEST_OPERATOR_TOKEN,
    );
    expect(revoke.errors).toBeUndefined();
    await expectState(revoked.transactionQrToken, 'token_revoked', 'no longer valid');
    const deleted = await recordSale(service, terminal);
    await sql(service, 'delete from "transaction" where "id" = ?', [deleted.transactionId]);
    await expectState(deleted.transactionQrToken, 'transaction_deleted', 'Receipt deleted');
  });
});

/** Follows redirects by hand, signing in on the sign-in page as `email`; the first non-redirect answer. */
async function signInThrough(client: CookieClient, first: Response, email: string): Promise<Response> {
  let response = first;
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      response = await client.request(location);
      continue;
    }
    if (response.status === 200 && new URL(response.url).pathname === '/oauth/sign-in') {
      const form = formOf(await response.text(), '/oauth/sign-in');
      response = await client.post(form.action, { ...form.fields, email, password: PASSWORD });
      continue;
    }
    return response;
  }
  throw new Error('too many redirects');
}

/** Opens a page and presses its claim button: the answer to the POST. */
async function pressClaim(client: CookieClient, path: string): Promise<Response> {
  const page = await client.request(path);
  expect(page.status).toBe(200);
  const form = formOf(await page.text(), `${path}/claim`);
  return client.post(form.action, form.fields);
}

describe('the claim button with the receipt-page client', () => {
  it('signs in with PKCE S256, claims the terminal receipt into the user’s receipts and revokes the tokens', async () => {
    const email = `claim-${Date.now()}@pages.example`;
    const userId = await createUser(service, email);
    const terminal = await freshTerminal();
    const client = new CookieClient(service.url);
    const started = await pressClaim(client, `/receipts/terminal/${terminal}`);
    expect(started.status).toBe(303);
    const authorize = new URL(started.headers.get('location') ?? '', service.url);
    expect(authorize.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'rmp_demo_receipt_page',
      redirect_uri: `${service.env.publicUrl}/receipts/callback`,
      response_type: 'code',
      scope: 'user.receipts.read',
      code_challenge_method: 'S256',
    });
    const cookie = started.headers.getSetCookie().find((c) => c.startsWith('rmp_receipt_claim='));
    expect(cookie).toMatch(/Path=\/receipts; Max-Age=900; HttpOnly; SameSite=Lax$/);
    // Sealed: neither the PKCE verifier nor the claim token can be read from it.
    const form = formOf(await (await client.request(`/receipts/terminal/${terminal}`)).text(), '/receipts').fields;
    expect(decodeURIComponent(cookie ?? '')).not.toContain(form.claim_token?.slice(0, 20));
    const landed = await signInThrough(client, started, email);
    expect(landed.status).toBe(200);
    expect(new URL(landed.url).pathname).toBe('/receipts/callback');
    expectPageHeaders(landed, 'ja');
    const html = await landed.text();
    expect(html).toContain('レシートを受け取りました');
    expect(html).toContain('レシート一覧に保存されました');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('¥1,100');
    const rows = await sql<{ user_id: string; channel: string }>(
      service,
      'select c."user_id", c."channel" from "receipt_claim" c join "transaction" t on t."id" = c."transaction_id" join "terminal" r on r."id" = t."terminal_id" where r."public_terminal_id" = ?',
      [terminal],
    );
    expect(rows).toEqual([{ user_id: userId, channel: 'web' }]);
    const grants = await sql<{ revoked_at: Date | null }>(
      service,
      'select "revoked_at" from "oauth_grant" where "user_id" = ?',
      [userId],
    );
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => g.revoked_at !== null)).toBe(true);
    // The pending claim was used up: the same return again has nothing to finish.
    const again = await client.request(landed.url);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('claim_session_missing');
  });

  it('claims a transaction-QR receipt; a second sign-in for the used token ends on the 404 page', async () => {
    const email = `rx-${Date.now()}@pages.example`;
    const userId = await createUser(service, email);
    const recorded = await recordSale(service, await createTerminal(service, storeId));
    const client = new CookieClient(service.url);
    const landed = await signInThrough(
      client,
      await pressClaim(client, `/receipts/rx/${recorded.transactionQrToken}`),
      email,
    );
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain('レシートを受け取りました');
    const rows = await sql<{ user_id: string }>(
      service,
      'select "user_id" from "receipt_claim" where "transaction_id" = ?',
      [recorded.transactionId],
    );
    expect(rows).toEqual([{ user_id: userId }]);
    expect((await client.request(`/receipts/rx/${recorded.transactionQrToken}`)).status).toBe(404);
  });

  it('409 page when the receipt was taken while the consumer signed in', async () => {
    const email = `late-${Date.now()}@pages.example`;
    await createUser(service, email);
    const recorded = await recordSale(service, await createTerminal(service, storeId));
    const client = new CookieClient(service.url);
    const started = await pressClaim(client, `/receipts/rx/${recorded.transactionQrToken}`);
    expect((await service.rest('POST', `/api/v1/rx/${recorded.transactionQrToken}/claim`)).status).toBe(201);
    const landed = await signInThrough(client, started, email);
    expect(landed.status).toBe(409);
    expect(await landed.text()).toContain('token_already_claimed');
  });

  it('refuses a wrong state, a forged cookie, a denied sign-in and a missing form token', async () => {
    const terminal = await freshTerminal();
    const client = new CookieClient(service.url);
    const started = await pressClaim(client, `/receipts/terminal/${terminal}`);
    const state = new URL(started.headers.get('location') ?? '', service.url).searchParams.get('state');
    const wrong = await client.request('/receipts/callback?code=x&state=not-the-state');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('invalid_state');

    await pressClaim(client, `/receipts/terminal/${terminal}`);
    const sealed = client.cookies.get('rmp_receipt_claim') ?? '';
    client.cookies.set('rmp_receipt_claim', `${sealed.slice(0, -4)}AAAA`);
    const forged = await client.request(`/receipts/callback?code=x&state=${state}`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('claim_session_missing');

    const denied = await pressClaim(client, `/receipts/terminal/${terminal}`);
    const deniedState = new URL(denied.headers.get('location') ?? '', service.url).searchParams.get('state') ?? '';
    const answer = await client.request(`/receipts/callback?error=access_denied&state=${deniedState}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Sign-in cancelled');

    const csrf = await client.post(`/receipts/terminal/${terminal}/claim`, {
      csrf_token: 'x'.repeat(43),
      claim_token: 'y',
    });
    expect(csrf.status).toBe(403);
    expect(await csrf.text()).toContain('csrf_failed');
  });
});

describe('the claim button without a client', () => {
  it('claims anonymously: 201, the receipt shown as taken, in no account', async () => {
    const terminal = await freshTerminal(anonymous, anonymousStoreId);
    const client = new CookieClient(anonymous.url);
    const page = await client.request(`/receipts/terminal/${terminal}`, { headers: { 'accept-language': 'en' } });
    const html = await page.text();
    expect(html).toContain('it is not saved to an account');
    const form = formOf(html, `/receipts/terminal/${terminal}/claim`);
    const claimed = await client.post(form.action, form.fields, { 'accept-language': 'en' });
    expect(claimed.status).toBe(201);
    expect(await claimed.text()).toContain('It is not saved to an account.');
    const rows = await sql<{ user_id: string | null }>(
      anonymous,
      'select c."user_id" from "receipt_claim" c join "transaction" t on t."id" = c."transaction_id" join "terminal" r on r."id" = t."terminal_id" where r."public_terminal_id" = ?',
      [terminal],
    );
    expect(rows).toEqual([{ user_id: null }]);
  });
});
