/**
 * The gateway's subgraph fetcher: calls reuse pooled keep-alive connections, concurrent identical
 * queries share one call (each caller still gets its own response), and mutations, other callers'
 * credentials and other bodies never share.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepAliveFetcher, sharingKey, subgraphAgent } from './subgraph-fetcher.js';

const QUERY = JSON.stringify({ query: 'query Q__stores__0{publicStores{total}}', variables: {} });
const MUTATION = JSON.stringify({ query: 'mutation M__stores__0{touch}', variables: {} });

let server: Server;
let url: string;
let connections = 0;
let requests: { body: string; headers: IncomingMessage['headers'] }[] = [];
/** Each answer waits this long, so concurrent calls overlap. */
let delayMs = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ body, headers: req.headers });
      setTimeout(() => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.statusCode = body.includes('fail') ? 400 : 200;
        res.end(JSON.stringify({ data: { n: requests.length } }));
      }, delayMs);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  connections = 0;
  requests = [];
  delayMs = 0;
});

const post = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});

describe('keepAliveFetcher', () => {
  it('sends 200 calls, 4 at a time, over a few reused connections', async () => {
    const agent = subgraphAgent();
    const fetcher = keepAliveFetcher(agent);
    try {
      for (let i = 0; i < 50; i += 1) {
        const answers = await Promise.all(
          [0, 1, 2, 3].map(async (j): Promise<unknown> =>
            (await fetcher(url, post(MUTATION, { 'x-n': `${i}-${j}` }))).json(),
          ),
        );
        expect(answers).toHaveLength(4);
      }
      expect(requests).toHaveLength(200);
      // A connection is back in the pool only once its answer was read, so a batch may open one more
      // now and then; without reuse this would be 200.
      expect(connections).toBeLessThanOrEqual(20);
    } finally {
      await agent.close();
    }
  });

  it('answers with status, reason phrase, headers and a body read once', async () => {
    const agent = subgraphAgent();
    try {
      const response = await keepAliveFetcher(agent)(url, post('{"query":"mutation{fail}"}'));
      expect([response.status, response.ok, response.statusText]).toEqual([400, false, 'Bad Request']);
      expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      const copy = response.clone();
      expect(await response.json()).toEqual({ data: { n: 1 } });
      expect(response.bodyUsed).toBe(true);
      await expect(response.text()).rejects.toThrow(/consumed/);
      expect(await copy.text()).toBe('{"data":{"n":1}}');
    } finally {
      await agent.close();
    }
  });

  it('lets concurrent identical queries share one call; each caller gets a response of its own', async () => {
    delayMs = 50;
    const agent = subgraphAgent();
    try {
      const fetcher = keepAliveFetcher(agent, { shareable: () => true });
      const responses = await Promise.all(
        [1, 2, 3, 4, 5].map((i) => fetcher(url, post(QUERY, { authorization: 'Bearer a', 'x-request-id': `r${i}` }))),
      );
      expect(requests).toHaveLength(1);
      const bodies = await Promise.all(responses.map((r) => r.json() as Promise<unknown>));
      expect(bodies).toEqual(Array.from({ length: 5 }, () => ({ data: { n: 1 } })));
      expect(new Set(bodies).size).toBe(5);
      // Once answered, the next identical query is a call of its own.
      await fetcher(url, post(QUERY, { authorization: 'Bearer a' }));
      expect(requests).toHaveLength(2);
    } finally {
      await agent.close();
    }
  });

  it('never shares mutations, other credentials or other bodies', async () => {
    delayMs = 50;
    const agent = subgraphAgent();
    try {
      const fetcher = keepAliveFetcher(agent, { shareable: () => true });
      await Promise.all([
        fetcher(url, post(MUTATION)),
        fetcher(url, post(MUTATION)),
        fetcher(url, post(QUERY, { authorization: 'Bearer a' })),
        fetcher(url, post(QUERY, { authorization: 'Bearer b' })),
        fetcher(url, post(QUERY.replace('total', 'items'), { authorization: 'Bearer a' })),
      ]);
      expect(requests).toHaveLength(5);
      expect(requests.map((r) => r.headers.authorization ?? '').sort()).toEqual([
        '',
        '',
        'Bearer a',
        'Bearer a',
        'Bearer b',
      ]);
    } finally {
      await agent.close();
    }
  });

  it('shares nothing unless the query is shareable (none by default)', async () => {
    delayMs = 50;
    const agent = subgraphAgent();
    try {
      const asked: [string, string][] = [];
      const calls = (fetcher: ReturnType<typeof keepAliveFetcher>) =>
        Promise.all([1, 2, 3].map(() => fetcher(url, post(QUERY, { authorization: 'Bearer a' }))));
      await calls(keepAliveFetcher(agent));
      expect(requests).toHaveLength(3);
      await calls(keepAliveFetcher(agent, { shareable: (...args) => (asked.push(args), false) }));
      expect(requests).toHaveLength(6);
      expect(asked[0]).toEqual([url, (JSON.parse(QUERY) as { query: string }).query]);
    } finally {
      await agent.close();
    }
  });
});

const always = () => true;

describe('sharingKey', () => {
  it('keys a query by URL, body and headers other than the request id and trace context', () => {
    const key = (headers: Record<string, string>) => sharingKey(url, post(QUERY, headers), always);
    expect(key({ 'x-request-id': 'a', traceparent: '00-1-2-01' })).toBe(key({ 'x-request-id': 'b' }));
    expect(key({ authorization: 'Bearer a' })).not.toBe(key({ authorization: 'Bearer b' }));
    expect(key({ 'x-forwarded-for': '10.0.0.1' })).not.toBe(key({ 'x-forwarded-for': '10.0.0.2' }));
    expect(sharingKey(url, post('{"query":"{ a }"}'), always)).toBeDefined();
    expect(sharingKey(url, post('{"query":"{ a }"}'), () => false)).toBeUndefined();
  });

  it('has no key for a mutation, a GET, a call with a signal or a body without a leading query', () => {
    expect(sharingKey(url, post(MUTATION), always)).toBeUndefined();
    expect(sharingKey(url, { method: 'GET' }, always)).toBeUndefined();
    expect(sharingKey(url, { ...post(QUERY), signal: new AbortController().signal }, always)).toBeUndefined();
    expect(sharingKey(url, post(JSON.stringify({ extensions: {}, query: 'query{a}' })), always)).toBeUndefined();
    expect(sharingKey(url, post('{"query":"{ a }"'), always)).toBeUndefined();
  });
});
