/**
 * What the HTTP parser refuses is answered with a problem: a raw socket sends what curl sends for
 * `?prefecture=東京都` (unencoded UTF-8 in the request target), which Node would answer with an empty 400.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, listenHttp, type HttpListener } from './app.js';

let listener: HttpListener;
beforeAll(async () => {
  const app = createHttpApp();
  app.get('/stores', (req, res) => {
    res.json({ prefecture: req.query.prefecture });
  });
  listener = await listenHttp(app, 0, '127.0.0.1', { shutdownTimeoutMs: 1_000 });
});
afterAll(() => listener.close());

/** Writes `request` (raw bytes) on a fresh connection and resolves with everything the server sent. */
function rawExchange(request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(listener.port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

function parse(raw: string): { statusLine: string; headers: Map<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { statusLine, headers, body };
}

describe('requests the HTTP parser refuses', () => {
  it('a raw UTF-8 query gets a 400 problem that says to percent-encode', async () => {
    const raw = await rawExchange(
      Buffer.from('GET /stores?prefecture=東京都 HTTP/1.1\r\nHost: localhost\r\n\r\n', 'utf8'),
    );
    const { statusLine, headers, body } = parse(raw);
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(Number(headers.get('content-length'))).toBe(Buffer.byteLength(body));
    const problem = JSON.parse(body) as Record<string, unknown>;
    expect(problem).toMatchObject({
      type: '/problems/invalid_request_target',
      status: 400,
      code: 'invalid_request_target',
      traceId: headers.get('x-request-id'),
    });
    expect(problem.detail).toContain('%E6%9D%B1%E4%BA%AC%E9%83%BD');
  });

  it('a raw UTF-8 query on a keep-alive connection that answered before gets the problem too', async () => {
    const first = 'GET /stores?prefecture=13 HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const second = 'GET /stores?prefecture=東京都 HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(listener.port, '127.0.0.1', () => socket.write(first));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        const sentSecond = text.includes('"13"');
        text += chunk.toString('utf8');
        // The first answer is complete: send the second request on the same connection.
        if (!sentSecond && text.includes('"13"')) socket.write(Buffer.from(second, 'utf8'));
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    });
    const answers = raw.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(parse(answers[0] ?? '').statusLine).toBe('HTTP/1.1 200 OK');
    const { statusLine, body } = parse(answers[1] ?? '');
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(body)).toMatchObject({ status: 400, code: 'invalid_request_target' });
  });

  it('the same query percent-encoded is answered by the app', async () => {
    const raw = await rawExchange(
      Buffer.from(
        `GET /stores?prefecture=${encodeURIComponent('東京都')} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      ),
    );
    const { statusLine, body } = parse(raw);
    expect(statusLine).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(body)).toEqual({ prefecture: '東京都' });
  });

  it('a request line that is not HTTP gets a 400 problem too', async () => {
    const { statusLine, body } = parse(await rawExchange(Buffer.from('HELLO\r\n\r\n')));
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(body)).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('headers over the limit get a 431 problem', async () => {
    const huge = `X-Big: ${'a'.repeat(20_000)}\r\n`;
    const { statusLine, body } = parse(
      await rawExchange(Buffer.from(`GET /stores HTTP/1.1\r\nHost: x\r\n${huge}\r\n`)),
    );
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(body)).toMatchObject({ status: 431, code: 'headers_too_large' });
  });
});
