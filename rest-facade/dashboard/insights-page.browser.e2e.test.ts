/**
 * The insights page end to end in a real headless Chromium on the one-process service with its demo
 * data: the demo owner of さくらマート signs in through the real OAuth pages and lands on /dashboard,
 * which shows today's figures, the last 30 days as charts drawn on the server (SVG bars, the forecast
 * line), the forecast's held-back error, and the live events feed; a sale recorded after the page
 * loaded appears in the feed. Skipped where Chromium is missing; under CI that fails.
 */
import { type BrowserContext } from 'playwright-core';
import { launchChromium, type TestBrowser, pageProblems } from '../../test/fixtures/browser.fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../processes/demo/demo-data.js';
import { demoId } from '../../processes/demo/demo-id.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { computeClosedDays } from '../../subgraphs/stores/analytics/analytics-snapshots.job.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { freePort } from '../../test/fixtures/ports.js';
import { createTerminal, recordSale } from '../../test/fixtures/receipts.fixtures.js';
import { requireChromium } from '../../test/requirements.js';

const CHROMIUM = requireChromium('insights page browser test');
const OWNER = DEMO_USERS[1]; // owner@sakura-mart.example
const SAKURA_STORE = demoId(2, 1); // さくらマート 渋谷店

let service: TestService;
let context: BrowserContext;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  if (!CHROMIUM) return;
  const port = await freePort();
  service = await startTestService({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  browser = await launchChromium(CHROMIUM, 'en-US');
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!CHROMIUM)('the insights page in Chromium', () => {
  it('shows the charts and the forecast, and a sale recorded after it loaded in the live feed', async () => {
    const terminal = await createTerminal(service, SAKURA_STORE);
    // The worker's snapshot job, as it runs every 10 minutes: the closed days of the demo sales.
    const signal = new AbortController().signal;
    await rootEntityManager(service.orm)
      .fork()
      .transactional((em) => computeClosedDays({ em, now: new Date(), signal }));
    const page = await context.newPage();
    const problems = pageProblems(page);

    await page.goto(`${service.url}/dashboard?store=${SAKURA_STORE}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/oauth/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Dashboard/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Today's figures, the charts (drawn on the server: bars of the demo sales, the forecast line).
    await expect(page.locator('[data-figure="receiptsIssued"] dd').innerText()).resolves.toMatch(/^\d+$/);
    const revenue = page.locator('#revenue-chart svg');
    await revenue.waitFor();
    expect(await revenue.locator('rect.bar').count()).toBeGreaterThan(20);
    expect(await revenue.locator('polyline.line').count()).toBe(1);
    expect(await page.locator('#receipts-chart svg rect.bar').count()).toBeGreaterThan(0);
    const box = await revenue.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    await expect(page.locator('#forecast-title').innerText()).resolves.toBe('Revenue forecast');
    await expect(page.getByText(/Error when the last 14 days were held back/).count()).resolves.toBe(1);

    // The live feed: a sale recorded now appears without a reload.
    await expect.poll(() => page.locator('#status').getAttribute('data-state'), { timeout: 15_000 }).toBe('live');
    const sale = await recordSale(service, terminal);
    const ofSale = page.locator('li.event').filter({ hasText: sale.transactionId });
    await expect.poll(() => ofSale.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
