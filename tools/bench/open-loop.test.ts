import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLoop, quantile } from './open-loop.js';
import { openLoopInProcess } from './open-loop-process.js';

describe('quantile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('openLoop', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server that holds every answer `holdMs` and records how many requests it held at once. */
  async function holdingServer(holdMs: number, status = 201) {
    const seen = { inFlight: 0, maxInFlight: 0, bodies: [] as string[] };
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.bodies.push(`${request.method} ${request.url} ${body}`);
        seen.inFlight += 1;
        seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
        setTimeout(() => {
          seen.inFlight -= 1;
          response.writeHead(status).end();
        }, holdMs);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  it('sends on schedule without waiting for answers, and counts latency from each due time', async () => {
    // 10 requests 20 ms apart, each answered after 400 ms: an open loop has all ten open at once.
    const { url, seen } = await holdingServer(400);
    const result = await openLoop({
      url,
      rate: 50,
      count: 10,
      request: (i) => ({ method: 'POST', path: `/claim/${i}`, body: `{"n":${i}}` }),
    });
    expect(seen.maxInFlight).toBe(10);
    expect(seen.bodies.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `POST /claim/${i} {"n":${i}}`).sort());
    expect(result).toMatchObject({ requests: 10, non2xx: 0, errors: 0 });
    expect(result.p50).toBeGreaterThanOrEqual(399);
    expect(result.max).toBeGreaterThanOrEqual(result.p99);
  });

  it('counts answers outside 2xx by status, and refused connections as errors', async () => {
    const { url } = await holdingServer(0, 503);
    const refused = await openLoop({ url, rate: 1000, count: 5, request: () => ({ method: 'GET', path: '/' }) });
    expect(refused).toMatchObject({ non2xx: 5, statuses: { 503: 5 }, errors: 0 });

    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const gone = await openLoop({ url, rate: 1000, count: 3, request: () => ({ method: 'GET', path: '/' }) });
    expect(gone).toMatchObject({ errors: 3, non2xx: 0 });
  });
});

describe('openLoopInProcess', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('sends the whole plan from a child process and answers what that process measured', async () => {
    const seen: string[] = [];
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(`${request.method} ${request.url} ${body}`);
        response.writeHead(request.url === '/c' ? 409 : 201).end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await openLoopInProcess({
      url,
      rate: 100,
      requests: ['a', 'b', 'c'].map((path) => ({ method: 'POST' as const, path: `/${path}`, body: path })),
    });
    // Each request has its own connection: on a loaded machine two due 10 ms apart may arrive in either order.
    expect([...seen].sort()).toEqual(['POST /a a', 'POST /b b', 'POST /c c']);
    expect(result).toMatchObject({ requests: 3, non2xx: 1, statuses: { 409: 1 }, errors: 0 });
    expect(result.p50).toBeGreaterThan(0);
    expect(result.maxSendLag).toBeGreaterThanOrEqual(0);
  });
});
