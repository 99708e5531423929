import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpApp, listenHttp, type HttpAppEnv, type HttpListener } from '../http/app.js';
import { mountJsonErrorHandler } from '../http/json-errors.js';
import { log } from '../logger.js';
import { TRACING_OFF } from './tracing.js';

const TOKEN = 'metrics-token-0123456789';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

const listeners: HttpListener[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const listener of listeners.splice(0)) await listener.close();
});

/** An app of the shared builder with one parameterized route that logs after an await. */
async function serve(env: Partial<HttpAppEnv> = {}): Promise<string> {
  const app = createHttpApp({
    trustProxy: 'loopback',
    nodeEnv: 'test',
    logLevel: 'info',
    metricsToken: undefined,
    tracing: TRACING_OFF,
    ...env,
  });
  app.get('/things/:thingId', async (req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    log('warn', 'thing looked up', { thingId: req.params.thingId });
    res.json({ ok: true });
  });
  // Paths that carry a claim or transaction-QR token, as the facade and the receipt pages mount them.
  for (const path of [
    '/api/v1/rx/:claimToken',
    '/api/v1/claim-tokens/:claimToken/qr.png',
    '/receipts/rx/:claimToken',
  ]) {
    app.get(path, (req, res) => {
      log('warn', `nothing at ${req.originalUrl}`, { url: req.originalUrl });
      res.status(404).json({ ok: false });
    });
  }
  mountJsonErrorHandler(app);
  const listener = await listenHttp(app, 0, '127.0.0.1', { shutdownTimeoutMs: 1000 });
  listeners.push(listener);
  return listener.url;
}

/** Parsed JSON lines written to stderr while `run` runs (and shortly after, for the access log). */
async function stderrLines(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  });
  await run();
  for (let i = 0; i < 50 && !lines.some((l) => l.message === 'request completed'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return lines;
}

/** The sample `name{labels} value` of the text exposition (0 when absent). */
async function sample(url: string, series: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const THINGS_200 =
  'http_server_request_duration_seconds_count{method="GET",route="/things/:thingId",status_code="200"}';
const UNMATCHED_404 = 'http_server_request_duration_seconds_count{method="GET",route="(unmatched)",status_code="404"}';

describe('GET /metrics of every HTTP app', () => {
  it('counts requests by route pattern and status, never by raw path, with process and event-loop metrics', async () => {
    const url = await serve();
    const [things, unmatched] = [await sample(url, THINGS_200), await sample(url, UNMATCHED_404)];
    await fetch(`${url}/things/123`);
    await fetch(`${url}/things/456`);
    await fetch(`${url}/no/such/path-${Date.now()}`);
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(await sample(url, THINGS_200)).toBe(things + 2);
    expect(await sample(url, UNMATCHED_404)).toBe(unmatched + 1);
    expect(text).not.toMatch(/route="\/things\/123"|path-/);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('with METRICS_TOKEN, answers only the bearer of that token', async () => {
    const url = await serve({ metricsToken: TOKEN, nodeEnv: 'production', logLevel: 'warn' });
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_server_request_duration_seconds');
  });

  it('is not served in production without METRICS_TOKEN, and open in development', async () => {
    expect((await fetch(`${await serve({ nodeEnv: 'production', logLevel: 'warn' })}/metrics`)).status).toBe(404);
    expect((await fetch(`${await serve({ nodeEnv: 'development', logLevel: 'warn' })}/metrics`)).status).toBe(200);
  });
});

describe('log lines of a request', () => {
  it('carry its request id and the trace id of the traceparent it came with, also after awaits', async () => {
    const url = await serve({ nodeEnv: 'development' });
    const lines = await stderrLines(async () => {
      const response = await fetch(`${url}/things/7?secret=do-not-log`, {
        headers: { 'x-request-id': 'req-abc-123', traceparent: TRACEPARENT },
      });
      expect(response.status).toBe(200);
    });
    const lookedUp = lines.find((l) => l.message === 'thing looked up');
    expect(lookedUp).toMatchObject({ level: 'warn', requestId: 'req-abc-123', traceId: TRACE_ID, thingId: '7' });
    const completed = lines.find((l) => l.message === 'request completed');
    expect(completed).toMatchObject({
      level: 'info',
      requestId: 'req-abc-123',
      traceId: TRACE_ID,
      req: { method: 'GET', path: '/things/7' },
      res: { statusCode: 200, route: '/things/:thingId' },
    });
    expect(JSON.stringify(completed)).not.toContain('do-not-log');
  });

  it('never carry a claim or transaction-QR token: the access line and every other line read [redacted]', async () => {
    const url = await serve({ nodeEnv: 'development' });
    const token = `tq_${'5a'.repeat(16)}`;
    const paths = [`/api/v1/rx/${token}`, `/api/v1/claim-tokens/${token}/qr.png`, `/receipts/rx/${token}`];
    for (const path of paths) {
      const lines = await stderrLines(async () => void (await fetch(`${url}${path}?claimToken=${token}`)));
      // (The contract check of /api/v1 answers fetches this app's /openapi.json as well.)
      const completed = lines.find(
        (l) => l.message === 'request completed' && (l.req as { path: string }).path !== '/openapi.json',
      );
      expect(completed?.req).toEqual({ method: 'GET', path: path.replace(token, '[redacted]') });
      expect(lines.find((l) => l.level === 'warn')?.message).toBe(
        `nothing at ${path.replace(token, '[redacted]')}?claimToken=[redacted]`,
      );
      expect(JSON.stringify(lines)).not.toContain(token);
    }
  });

  it('carry a fresh trace id when the caller sent none (tracing off), the same on every line', async () => {
    const url = await serve({ nodeEnv: 'development' });
    const lines = await stderrLines(async () => void (await fetch(`${url}/things/8`)));
    const ours = lines.filter((l) => l.message === 'thing looked up' || l.message === 'request completed');
    expect(ours).toHaveLength(2);
    expect(ours[0]?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(ours[1]?.traceId).toBe(ours[0]?.traceId);
    expect(ours[1]?.requestId).toBe(ours[0]?.requestId);
  });

  it('stay quiet in NODE_ENV=test: no access log line', async () => {
    const url = await serve({ nodeEnv: 'test' });
    const lines = await stderrLines(async () => void (await fetch(`${url}/things/9`)));
    expect(lines.map((l) => l.message)).toEqual(['thing looked up']);
  });
});
