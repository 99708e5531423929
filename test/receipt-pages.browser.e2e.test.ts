/**
 * The receipt pages in a real headless Chromium (found as test/oauth-pages.browser.e2e.test.ts finds
 * it): a sale is recorded, the terminal's QR URL is opened, the claim button leads to the real
 * sign-in page, the consumer signs in, lands on the claimed page, and the receipt is in that user's
 * account; the same for a transaction-QR token. Skipped where Chromium is missing; under CI that fails.
 */
import { type BrowserContext, type Page } from 'playwright-core';
import { launchChromium, type TestBrowser } from './fixtures/browser.fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { createBusiness, createUser, USER_PASSWORD } from './fixtures/oauth.fixtures.js';
import { freePort } from './fixtures/ports.js';
import { createStore, createTerminal, recordSale } from './fixtures/receipts.fixtures.js';
import { startTestService, type TestService } from './harness.js';
import { requireChromium } from './requirements.js';

const CHROMIUM = requireChromium('receipt-pages browser test');
const hasChromium = CHROMIUM !== undefined;

let service: TestService;
let storeId: string;
let context: BrowserContext;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  const port = await freePort();
  // Demo data: the receipt pages sign in with the demo receipt-page app.
  service = await startTestService({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  storeId = await createStore(service, await createBusiness(service, 'owner@browser-receipts.example'));
  browser = await launchChromium(CHROMIUM, 'en-US');
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
});

/** On a receipt page: press the claim button, sign in as `email`, and wait for the claimed page. */
async function claimBySigningIn(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Receipt' }).waitFor();
  expect(await page.content()).toContain('¥1,100');
  await page.getByRole('button', { name: 'Get this receipt' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/oauth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Receipt received' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/receipts/callback');
  expect(await page.getByRole('status').innerText()).toContain('It is in your receipts now.');
}

async function claimantOf(transactionId: string): Promise<(string | null)[]> {
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ user_id: string | null }[]>('select "user_id" from "receipt_claim" where "transaction_id" = ?', [
      transactionId,
    ]);
  return rows.map((r) => r.user_id);
}

describe.skipIf(!hasChromium)('receipt pages in Chromium', () => {
  it('terminal QR: sale, open the page, claim, sign in, claimed, in the user’s receipts', async () => {
    await context.clearCookies();
    const email = `browser-terminal-${Date.now()}@example.test`;
    const userId = await createUser(service, email);
    const terminal = await createTerminal(service, storeId);
    const sale = await recordSale(service, terminal);
    const page = await context.newPage();
    await page.goto(`${service.env.publicUrl}/receipts/terminal/${terminal}`);
    await claimBySigningIn(page, email);
    expect(await claimantOf(sale.transactionId)).toEqual([userId]);
    await page.close();
  });

  it('transaction QR: open the rx page, claim, sign in, claimed, in the user’s receipts', async () => {
    await context.clearCookies();
    const email = `browser-rx-${Date.now()}@example.test`;
    const userId = await createUser(service, email);
    const sale = await recordSale(service, await createTerminal(service, storeId));
    const page = await context.newPage();
    await page.goto(`${service.env.publicUrl}/receipts/rx/${sale.transactionQrToken}`);
    await claimBySigningIn(page, email);
    expect(await claimantOf(sale.transactionId)).toEqual([userId]);
    await page.close();
  });
});
