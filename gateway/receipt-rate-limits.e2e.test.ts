/**
 * The receipt rate-limit rules as the service is configured (`RATE_LIMIT_*`), through GraphQL and
 * through the contract's REST paths: the last receipt and the terminal claim per client IP and
 * terminal, the transaction-QR read and claim per client IP: every one of the four rows answers 429
 * with Retry-After past its limit.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test/harness.js';

const LAST_RECEIPT = 'query($id: String!) { lastReceipt(publicTerminalId: $id) { claimToken } }';
const RX_READ = 'query($token: String!) { transactionQrReceipt(claimToken: $token) { expiresAt } }';
const randomId = () => `RL${randomBytes(5).toString('hex')}`;

describe('the receipt rate limits', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      demoData: false,
      env: {
        RATE_LIMIT_LAST_RECEIPT: '2',
        RATE_LIMIT_RX_READ: '2',
        RATE_LIMIT_TERMINAL_CLAIM: '2',
        RATE_LIMIT_RX_CLAIM: '2',
        RATE_LIMIT_WINDOW_SECONDS: '60',
      },
    });
  });

  async function graphql(query: string, variables: Record<string, unknown>) {
    const response = await service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    return { response, code: body.errors?.[0]?.extensions?.code };
  }

  it('limit lastReceipt per terminal, counting GraphQL and REST calls together', async () => {
    const id = randomId();
    const first = await graphql(LAST_RECEIPT, { id });
    // An unknown terminal is counted like any other: the limit applies before the resolver.
    expect(first.code).toBe('NOT_FOUND');
    expect(first.response.headers.get('ratelimit-policy')).toBe('"last-receipt";q=2;w=60');
    expect(first.response.headers.get('ratelimit')).toMatch(/^"last-receipt";r=1;t=\d+$/);
    const second = await service.call(`/api/v1/terminals/${id}/last-receipt`);
    expect(second.status).toBe(404);
    expect(second.headers.get('ratelimit')).toMatch(/^"last-receipt";r=0;t=\d+$/);
    const refused = await service.call(`/api/v1/terminals/${id}/last-receipt`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.get('ratelimit-policy')).toBe('"last-receipt";q=2;w=60');
    expect((await graphql(LAST_RECEIPT, { id })).code).toBe('RATE_LIMITED');
    // Another terminal from the same address has its own counter.
    expect((await graphql(LAST_RECEIPT, { id: randomId() })).code).toBe('NOT_FOUND');
  });

  it('limit transactionQrReceipt per client IP, whatever the token, over GraphQL and REST together', async () => {
    // The only test of the rx-read counter: it counts per address, which every test here shares.
    const first = await graphql(RX_READ, { token: randomId() });
    expect(first.code).toBe('NOT_FOUND');
    expect(first.response.headers.get('ratelimit-policy')).toBe('"rx-read";q=2;w=60');
    const second = await service.call(`/api/v1/rx/${randomId()}`);
    expect(second.status).toBe(404);
    const refused = await service.call(`/api/v1/rx/${randomId()}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((await graphql(RX_READ, { token: randomId() })).code).toBe('RATE_LIMITED');
  });

  it.each([
    ['terminal claim', (id: string) => `/api/v1/terminals/${id}/claim`, '"terminal-claim";q=2;w=60'],
    ['transaction-QR claim', (id: string) => `/api/v1/rx/${id}/claim`, '"rx-claim";q=2;w=60'],
  ])('limit the %s row: 429 with Retry-After on the third call', async (_label, path, policy) => {
    // The transaction-QR claim counts per address whatever the token; the terminal claim per terminal.
    const id = randomId();
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 3; i += 1) {
      const response = await service.call(path(id), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ claimToken: 'not-a-claim-token' }),
      });
      statuses.push(response.status);
      expect(response.headers.get('ratelimit-policy')).toBe(policy);
      refused = response;
    }
    expect(statuses[2]).toBe(429);
    expect(statuses.slice(0, 2).every((status) => status !== 429)).toBe(true);
    expect(refused?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });
});
