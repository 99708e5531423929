/**
 * The events page's script in a real headless Chromium against a graphql-ws server of the
 * `graphql-ws` package on another origin (GATEWAY_PUBLIC_URL, as in the separate topology): the
 * owner signs in through the real OAuth pages, the script opens the WebSocket with the access token
 * the token endpoint gave it (checked against the service), events pushed by the server appear
 * newest first with their data escaped, the type filter hides and resubscribes, and after the server
 * drops the connection the script reconnects and resumes after the last event it showed (the gap's
 * events replayed, none twice). The service's own subscription server is exercised end to end by
 * events-page.browser.e2e.test.ts. Skipped where Chromium is missing; under CI that fails.
 */
import { createServer, type Server } from 'node:http';
import { buildSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { type BrowserContext, type Page } from 'playwright-core';
import { launchChromium, type TestBrowser, pageProblems } from '../../test/fixtures/browser.fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startTestService, type TestService } from '../../test/harness.js';
import { DEMO_USERS } from '../../processes/demo/demo-data.js';
import { demoId } from '../../processes/demo/demo-id.js';
import { freePort } from '../../test/fixtures/ports.js';
import { requireChromium } from '../../test/requirements.js';

const CHROMIUM = requireChromium('events page client browser test');
const OWNER = DEMO_USERS[1];
const SAKURA = demoId(1, 1);

const SCHEMA = buildSchema(`
  scalar JSON
  type Event { id: ID! type: String! occurredAt: String! businessAccountId: String! data: JSON }
  type Query { ok: Boolean }
  type Subscription { events(types: [String!], after: ID): Event! }
`);

interface FakeEvent {
  readonly id: string;
  readonly type: string;
  readonly occurredAt: string;
  readonly businessAccountId: string;
  readonly data: unknown;
}

/** The events of a fake gateway: a history (for `after`), live subscribers, and what each subscribed with. */
class Hub {
  readonly history: FakeEvent[] = [];
  readonly subscriptions: { types: string[] | null; after: string | null }[] = [];
  readonly tokens: string[] = [];
  private readonly listeners = new Set<(event: FakeEvent) => void>();

  push(event: Omit<FakeEvent, 'occurredAt' | 'businessAccountId'>): void {
    const full = { ...event, occurredAt: new Date().toISOString(), businessAccountId: SAKURA };
    this.history.push(full);
    for (const listener of this.listeners) listener(full);
  }

  /** What `events(types, after)` yields: the history after `after`, then live events; of `types` only. */
  async *events(types: string[] | null, after: string | null): AsyncGenerator<{ events: FakeEvent }> {
    this.subscriptions.push({ types, after });
    const queue: FakeEvent[] = [];
    let wake: (() => void) | undefined;
    const listener = (event: FakeEvent) => {
      queue.push(event);
      wake?.();
    };
    this.listeners.add(listener);
    try {
      const start = after === null ? this.history.length : this.history.findIndex((e) => e.id === after) + 1;
      queue.push(...this.history.slice(start));
      for (;;) {
        const next = queue.shift();
        if (!next) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        if (types === null || types.includes(next.type)) yield { events: next };
      }
    } finally {
      this.listeners.delete(listener);
    }
  }
}

let service: TestService;
let gateway: Server;
let sockets: WebSocketServer;
let context: BrowserContext;
let browser: TestBrowser | undefined;
const hub = new Hub();

beforeAll(async () => {
  if (!CHROMIUM) return;
  const gatewayPort = await freePort();
  gateway = createServer();
  sockets = new WebSocketServer({ server: gateway, path: '/graphql' });
  useServer(
    {
      schema: SCHEMA,
      roots: {
        subscription: {
          events: (args: { types?: string[] | null; after?: string | null }) =>
            hub.events(args.types ?? null, args.after ?? null),
        },
      },
      // Accept only a business token of さくらマート, as the service itself says.
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.authorization;
        const token = typeof authorization === 'string' ? authorization.replace(/^Bearer /, '') : '';
        const who = await service.graphql<{ viewer: { kind: string; businessAccountId: string } }>(
          '{ viewer { kind businessAccountId } }',
          {},
          token,
        );
        hub.tokens.push(token);
        return who.data?.viewer.kind === 'business' && who.data.viewer.businessAccountId === SAKURA;
      },
    },
    sockets,
  );
  await new Promise<void>((resolve) => gateway.listen(gatewayPort, '127.0.0.1', resolve));
  const port = await freePort();
  service = await startTestService({
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GATEWAY_PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    },
  });
  browser = await launchChromium(CHROMIUM, 'en-US');
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
  for (const socket of sockets?.clients ?? []) socket.terminate();
  await new Promise((resolve) => sockets?.close(resolve));
  await new Promise((resolve) => gateway?.close(resolve));
});

/** The ids of the listed events, top first (`li.event:not([hidden])`: the shown ones only). */
const ids = async (page: Page, selector = 'li.event') =>
  Promise.all((await page.locator(selector).all()).map((item) => item.getAttribute('data-id')));
const visibleIds = (page: Page) => ids(page, 'li.event:not([hidden])');

describe.skipIf(!CHROMIUM)('the events page script in Chromium', () => {
  it('signs in, shows pushed events escaped and newest first, filters, and resumes after a dropped connection', async () => {
    const page = await context.newPage();
    const problems = pageProblems(page);
    await page.goto(`${service.url}/dashboard/events`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/oauth/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Live events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/events');
    await expect.poll(() => page.locator('#status').innerText(), { timeout: 15_000 }).toBe('Live');
    await expect.poll(() => hub.subscriptions.length).toBe(1);
    expect(hub.subscriptions[0]).toEqual({ types: null, after: null });
    expect(hub.tokens).toHaveLength(1);

    hub.push({ id: 'e1', type: 'purchase.completed', data: { total: 1100, note: '<img src=x id=injected>' } });
    await page.locator('li[data-id="e1"]').waitFor();
    const shown = await page.locator('li[data-id="e1"] pre').innerText();
    expect(JSON.parse(shown)).toEqual({ total: 1100, note: '<img src=x id=injected>' });
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.locator('li[data-id="e1"] .type').innerText()).toBe('purchase.completed');
    expect(await page.locator('#empty').isHidden()).toBe(true);

    hub.push({ id: 'e2', type: 'receipt.claimed', data: { storeId: 's1' } });
    await page.locator('li[data-id="e2"]').waitFor();
    expect(await ids(page)).toEqual(['e2', 'e1']);

    // The filter: unchecking a type hides its events and resubscribes without it, after the last one shown.
    await page.getByLabel('receipt.claimed').uncheck();
    expect(await visibleIds(page)).toEqual(['e1']);
    await expect.poll(() => hub.subscriptions.length).toBe(2);
    expect(hub.subscriptions[1]?.after).toBe('e2');
    expect(hub.subscriptions[1]?.types).not.toContain('receipt.claimed');
    expect(hub.subscriptions[1]?.types).toContain('purchase.completed');
    hub.push({ id: 'e3', type: 'receipt.claimed', data: {} });
    hub.push({ id: 'e4', type: 'purchase.completed', data: { total: 5 } });
    await page.locator('li[data-id="e4"]').waitFor();
    expect(await ids(page)).toEqual(['e4', 'e2', 'e1']);

    // The server drops the connection; an event happens meanwhile; the script reconnects and resumes.
    for (const socket of sockets.clients) socket.terminate();
    await expect.poll(() => page.locator('#status').innerText()).toBe('Reconnecting…');
    hub.push({ id: 'e5', type: 'purchase.completed', data: { total: 6 } });
    await expect.poll(() => page.locator('#status').innerText(), { timeout: 15_000 }).toBe('Live');
    await page.locator('li[data-id="e5"]').waitFor();
    expect(hub.subscriptions.at(-1)?.after).toBe('e4');
    expect(hub.tokens.length).toBeGreaterThanOrEqual(2);
    expect(await ids(page)).toEqual(['e5', 'e4', 'e2', 'e1']);
    expect(problems).toEqual([]);
    await page.close();
  });
});
