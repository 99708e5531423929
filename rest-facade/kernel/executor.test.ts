import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpExecutor } from './executor.js';
import { problemFromGraphQLError } from './problem.js';

const request = {
  document: '{ __typename }',
  operationName: 'T',
  variables: {},
  authorization: 'Bearer t',
  requestId: 'r-1',
};

describe('HttpExecutor', () => {
  it('forwards the operation, credentials and request id to the gateway', async () => {
    const seen: { headers: Record<string, unknown>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: { __typename: 'Query' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
      expect(await new HttpExecutor(url).execute(request)).toEqual({ data: { __typename: 'Query' } });
      expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer t', 'x-request-id': 'r-1' });
      expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ query: '{ __typename }', operationName: 'T', variables: {} });
    } finally {
      server.close();
    }
  });

  it('turns an unreachable gateway into UNAVAILABLE, which the facade answers with 503', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await new HttpExecutor(`http://127.0.0.1:${port}/graphql`).execute(request);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAVAILABLE', reason: 'gateway_unavailable' });
    expect(problemFromGraphQLError(result.errors![0]!).status).toBe(503);
  });
});
