/**
 * The live events page end to end in a real headless Chromium on the one-process service: the demo
 * owner of さくらマート signs in through the real OAuth pages, the page subscribes over graphql-ws on
 * `/graphql` of the same origin, then a sale is recorded at one of its stores (a real operation: its
 * `purchase.completed` outbox row, published by the event publisher loop, NOTIFY, the subscription
 * server) and appears on the page; another business's event published just before does not. Signing out in another tab revokes the
 * grant; the server closes the socket and the page shows it is signed out.
 * Skipped where Chromium is missing; under CI that fails.
 */
import { type BrowserContext } from 'playwright-core';
import { launchChromium, type TestBrowser, pageProblems } from '../../test/fixtures/browser.fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/harness.js';
import { publishEvent } from '../../gateway/subscriptions/subscriptions.fixtures.js';
import { DEMO_USERS } from '../../processes/demo/demo-data.js';
import { demoId } from '../../processes/demo/demo-id.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { freePort } from '../../test/fixtures/ports.js';
import { createTerminal, recordSale } from '../../test/fixtures/receipts.fixtures.js';
import { requireChromium } from '../../test/requirements.js';

const CHROMIUM = requireChromium('events page browser test');
const OWNER = DEMO_USERS[1]; // owner@sakura-mart.example
const SAKURA_STORE = demoId(2, 1); // さくらマート 渋谷店
const CAFE_MIDORI = demoId(1, 3);

let service: TestService;
let context: BrowserContext;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  if (!CHROMIUM) return;
  const port = await freePort();
  service = await startTestService({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  browser = await launchChromium(CHROMIUM, 'ja-JP');
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!CHROMIUM)('the live events page in Chromium', () => {
  it('shows a sale recorded after it loaded, nothing of another business, and the sign-out of another tab', async () => {
    const terminal = await createTerminal(service, SAKURA_STORE);
    const page = await context.newPage();
    const problems = pageProblems(page);

    await page.goto(`${service.url}/dashboard/events`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/oauth/sign-in');
    await page.getByLabel('メールアドレス').fill(OWNER.email);
    await page.getByLabel('パスワード').fill(OWNER.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('heading', { name: 'ライブイベント' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/events');
    await expect.poll(() => page.locator('#status').innerText(), { timeout: 15_000 }).toBe('受信中');
    expect(await page.locator('li.event').count()).toBe(0);

    const other = await publishEvent(rootEntityManager(service.orm), CAFE_MIDORI, { type: 'purchase.completed' });
    const sale = await recordSale(service, terminal);

    // A sale is a purchase and a (paid) order; the dashboard's grant (analytics.read, sales.read) receives
    // the purchase only: order.created needs store.orders.read.
    const ofSale = page.locator('li.event').filter({ hasText: sale.transactionId });
    await expect.poll(() => ofSale.count(), { timeout: 20_000 }).toBe(1);
    expect(await ofSale.locator('.type').allInnerTexts()).toEqual(['purchase.completed']);
    const shown = ofSale.filter({ has: page.locator('.type', { hasText: /^purchase\.completed$/ }) });
    const data = JSON.parse(await shown.locator('pre').innerText()) as Record<string, unknown>;
    expect(data).toMatchObject({
      transactionId: sale.transactionId,
      storeId: SAKURA_STORE,
      publicTerminalId: terminal,
      totalAmount: 1100,
    });
    expect(await page.locator(`li[data-id="${other.id}"]`).count()).toBe(0);
    expect(await page.locator('li.event').count()).toBe(1);

    // Signing out in another tab revokes the grant: the server closes the socket, the page says so.
    const otherTab = await context.newPage();
    await otherTab.goto(`${service.url}/dashboard/events`);
    await otherTab.getByRole('button', { name: 'ログアウト' }).click();
    await otherTab.getByRole('heading', { name: 'ログアウトしました' }).waitFor();
    await expect.poll(() => page.locator('#status').getAttribute('data-state'), { timeout: 20_000 }).toBe('signedOut');
    expect(await page.locator('#status').innerText()).toContain('ログインが切れました');
    expect(problems.filter((p) => !p.includes('/dashboard/token'))).toEqual([]);
    await otherTab.close();
    await page.close();
  });
});
