/**
 * The sign-in and consent pages in a real headless Chromium (the first Chromium on PATH, as .ci/run
 * finds it, driven by playwright-core): sign in, consent, land on the app's redirect URI (a loopback
 * page); deny; a tampered CSRF field; a wrong password. Each test signs in on its own, so they pass in
 * any order. Skipped, with the reason printed, where Chromium is missing; under CI that fails the run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, type Page } from 'playwright-core';
import { launchChromium, type TestBrowser } from './fixtures/browser.fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveApp,
  createUser,
  PASSWORD,
  registerApp,
  type RegisteredApp,
} from './fixtures/authorization.fixtures.js';
import { startOAuthService } from './fixtures/oauth.fixtures.js';
import type { TestService } from './harness.js';
import { requireChromium } from './requirements.js';

const CHROMIUM = requireChromium('oauth-pages browser test');
const hasChromium = CHROMIUM !== undefined;

let service: TestService;
let callbackServer: Server;
let app: RegisteredApp;
let email: string;
let context: BrowserContext;
let browser: TestBrowser | undefined;

async function startCallbackServer(): Promise<string> {
  callbackServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>callback</title><h1>callback reached</h1></html>`);
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
}

beforeAll(async () => {
  if (!hasChromium) return;
  service = await startOAuthService();
  const redirectUri = await startCallbackServer();
  app = await registerApp(service, { scopes: ['user.profile.read'], redirectUri });
  await approveApp(service, app.clientId);
  email = await createUser(service);
  browser = await launchChromium(CHROMIUM, 'en-US');
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
});

function authorizeUrl(state: string): string {
  const query = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    scope: 'user.profile.read',
    state,
  });
  return `${service.url}/oauth/authorize?${query.toString()}`;
}

/** Signs in afresh (no session cookie left by another test) through the sign-in page. */
async function signIn(page: Page, state: string, password = PASSWORD): Promise<void> {
  await context.clearCookies();
  await page.goto(authorizeUrl(state));
  await expect.poll(() => new URL(page.url()).pathname).toBe('/oauth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(!hasChromium)('authorization pages in Chromium', () => {
  it('signs in, consents and lands on the redirect URI with code, state and iss', async () => {
    const page = await context.newPage();
    await signIn(page, 'browser-approve');
    await page.getByRole('heading', { name: 'Allow access' }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'callback reached' }).waitFor();
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(app.redirectUri);
    expect(landed.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(landed.searchParams.get('state')).toBe('browser-approve');
    expect(landed.searchParams.get('iss')).toBe(service.env.publicUrl);
    await page.close();
  });

  it('denies: the redirect URI gets error=access_denied', async () => {
    const page = await context.newPage();
    await signIn(page, 'browser-deny');
    await page.getByRole('heading', { name: 'Allow access' }).waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('heading', { name: 'callback reached' }).waitFor();
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('browser-deny');
    await page.close();
  });

  it('refuses a tampered CSRF field with 403 and no code', async () => {
    const page = await context.newPage();
    await signIn(page, 'browser-csrf');
    await page.getByRole('heading', { name: 'Allow access' }).waitFor();
    await page.locator('form[action^="/oauth/consent"] input[name="csrf_token"]').evaluate((input) => {
      (input as unknown as { value: string }).value = 'tampered';
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/oauth/consent')),
      page.getByRole('button', { name: 'Allow' }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect.poll(() => page.content()).toContain('csrf_failed');
    expect(page.url()).not.toContain('code=');
    await page.close();
  });

  it('shows the sign-in page again after a wrong password', async () => {
    const page = await context.newPage();
    await signIn(page, 'browser-wrong', 'not the right password at all');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('The email or password is incorrect.');
    expect(new URL(page.url()).pathname).toBe('/oauth/sign-in');
    await page.close();
  });
});
