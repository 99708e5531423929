/**
 * The sender against local receivers on random ports: signed headers that `standardwebhooks`
 * verifies, status/excerpt/latency, Retry-After, no redirects, the time budget, and the SSRF guard on
 * the address connected to (IP literals, `localhost`, and a name whose lookup answers a private
 * address only at connect time).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress, parseRetryAfter, sendWebhook, type Resolver } from './webhook-http.js';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end('ok');
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const request = (overrides: Partial<Parameters<typeof sendWebhook>[0]> = {}) => ({
  url: `http://127.0.0.1:${port}/hook`,
  id: '01936f3e-7a1b-7c2d-8e3f-4a5b6c7d8e9f',
  timestamp: new Date(),
  body: '{"type":"webhook.test"}',
  secrets: [SECRET],
  timeoutMs: 2_000,
  allowPrivate: true,
  ...overrides,
});

describe('sendWebhook', () => {
  it('POSTs the body with Standard Webhooks headers that standardwebhooks verifies', async () => {
    handler = (_req, _body, res) => res.writeHead(202).end('accepted '.repeat(300));
    received.length = 0;
    const result = await sendWebhook(request());
    expect(result).toMatchObject({ status: 202, error: null, retryAfterMs: null });
    expect(result.excerpt).toHaveLength(1024);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [hit] = received;
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['user-agent']).toMatch(/webhooks/);
    expect(hit!.headers['webhook-id']).toBe(request().id);
    expect(new Webhook(SECRET).verify(hit!.body, hit!.headers as Record<string, string>)).toEqual({
      type: 'webhook.test',
    });
  });

  it('reports any status, with Retry-After in milliseconds', async () => {
    handler = (_req, _body, res) => res.writeHead(429, { 'retry-after': '7' }).end('slow down');
    expect(await sendWebhook(request())).toMatchObject({ status: 429, retryAfterMs: 7_000, excerpt: 'slow down' });
  });

  it('does not follow redirects', async () => {
    received.length = 0;
    handler = (_req, _body, res) => res.writeHead(307, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
    expect(await sendWebhook(request())).toMatchObject({ status: 307, error: null });
    expect(received).toHaveLength(1);
  });

  it('gives up after the time budget', async () => {
    handler = (_req, _body, res) => setTimeout(() => res.end('late'), 1_000);
    const result = await sendWebhook(request({ timeoutMs: 200 }));
    expect(result).toMatchObject({ status: null, error: 'timeout' });
    expect(result.latencyMs).toBeLessThan(900);
  });

  it('reports a refused connection and an invalid URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await sendWebhook(request({ url: `http://127.0.0.1:${closedPort}/` }))).toMatchObject({
      error: 'connection',
    });
    expect(await sendWebhook(request({ url: 'not a url' }))).toMatchObject({ error: 'invalid_url' });
    expect(await sendWebhook(request({ url: 'ftp://example.com/' }))).toMatchObject({ error: 'invalid_url' });
  });

  describe('SSRF guard (allowPrivate = false, as in production)', () => {
    const production = { allowPrivate: false };

    it('refuses private IP literals before connecting', async () => {
      received.length = 0;
      for (const host of [
        '127.0.0.1',
        '10.1.2.3',
        '169.254.169.254',
        '[::1]',
        '[fc00::1]',
        '[::ffff:127.0.0.1]',
        '0.0.0.0',
      ]) {
        const result = await sendWebhook(request({ ...production, url: `https://${host}:${port}/hook` }));
        expect(result.error, host).toBe('address_refused');
      }
      expect(received).toHaveLength(0);
    });

    it('refuses http in production', async () => {
      expect(await sendWebhook(request(production))).toMatchObject({ error: 'invalid_url' });
    });

    it('refuses a name resolving to loopback (localhost, on the system resolver)', async () => {
      const result = await sendWebhook(request({ ...production, url: `https://localhost:${port}/hook` }));
      expect(result.error).toBe('address_refused');
    });

    it('checks the address the connection uses: a name answering private at connect time is refused', async () => {
      // DNS rebinding: the name looked harmless at registration (checkWebhookUrl does not resolve it);
      // at connect time it answers each private range in turn.
      for (const address of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1', 'fc00::5', '100.64.0.1']) {
        const resolve: Resolver = () => Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]);
        expect(checkWebhookUrl(`https://rebind.example:${port}/hook`, false)).toBeNull();
        const result = await sendWebhook(
          request({ ...production, url: `https://rebind.example:${port}/hook`, resolve }),
        );
        expect(result.error, address).toBe('address_refused');
      }
      // A mixed answer (one public, one private) is refused too.
      const mixed: Resolver = () =>
        Promise.resolve([
          { address: '93.184.215.14', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ]);
      expect(
        (await sendWebhook(request({ ...production, url: `https://rebind.example:${port}/`, resolve: mixed }))).error,
      ).toBe('address_refused');
    });

    it('the guarded lookup is the one the socket connects with (allowed when private receivers are)', async () => {
      received.length = 0;
      handler = (_req, _body, res) => res.end('ok');
      let lookups = 0;
      const resolve: Resolver = () => {
        lookups += 1;
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      };
      const result = await sendWebhook(request({ url: `http://rebind.example:${port}/hook`, resolve }));
      expect(result).toMatchObject({ status: 200, error: null });
      expect(lookups).toBe(1);
      expect(received[0]!.headers.host).toBe(`rebind.example:${port}`);
    });
  });
});

describe('checkWebhookUrl', () => {
  it('accepts https URLs with a port; refuses http, user info and private literals in production', () => {
    expect(checkWebhookUrl('https://hooks.example.com:8443/in', false)).toBeNull();
    expect(checkWebhookUrl('https://93.184.215.14/in', false)).toBeNull();
    expect(checkWebhookUrl('http://hooks.example.com/in', false)).toMatch(/https/);
    expect(checkWebhookUrl('https://user:pw@hooks.example.com/', false)).toMatch(/user info/);
    expect(checkWebhookUrl('nope', false)).toMatch(/absolute/);
    expect(checkWebhookUrl('ftp://hooks.example.com/', true)).toMatch(/https/);
    for (const host of [
      '127.0.0.1',
      '10.0.0.1',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '[::1]',
      '[fc00::1]',
      '[fe80::1]',
      '[::ffff:10.0.0.1]',
      'localhost',
      'a.localhost',
    ]) {
      expect(checkWebhookUrl(`https://${host}/in`, false), host).toMatch(/private/);
    }
  });

  it('allows http and loopback when private receivers are allowed (development, tests)', () => {
    expect(checkWebhookUrl('http://127.0.0.1:3000/in', true)).toBeNull();
    expect(checkWebhookUrl('http://localhost:3000/in', true)).toBeNull();
  });
});

describe('helpers', () => {
  it('isPublicAddress: only public unicast', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:192.168.0.1')).toBe(false);
    expect(isPublicAddress('not an ip')).toBe(false);
  });

  it('parseRetryAfter: seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter(new Date(1_000_000 + 30_000).toUTCString(), 1_000_000)).toBe(30_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});
