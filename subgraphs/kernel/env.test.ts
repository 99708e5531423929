import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:4000',
      seedDemoData: true,
    });
    expect(env.operatorTokenGenerated).toBe(true);
    expect(env.operatorToken).toMatch(/^op_[A-Za-z0-9_-]{32}$/);
    expect(env.subgraphUrls.identity).toBe('http://127.0.0.1:4101/graphql');
    expect(env.subgraphUrls.wallet).toBe('http://127.0.0.1:4105/graphql');
  });

  it('derives PUBLIC_URL from PORT and keeps a configured operator token', () => {
    const env = loadEnv({ PORT: '8080', OPERATOR_TOKEN: 'x'.repeat(20) });
    expect(env.publicUrl).toBe('http://localhost:8080');
    expect(env).toMatchObject({ operatorToken: 'x'.repeat(20), operatorTokenGenerated: false });
  });

  it('reads the rate limits (defaults: 30, 10, 60, 10 per minute) and REDIS_URL', () => {
    expect(loadEnv({}).rateLimits).toEqual({
      windowSeconds: 60,
      lastReceipt: 30,
      terminalClaim: 10,
      rxRead: 60,
      rxClaim: 10,
      anonymousSurvey: 10,
      anonymousSurveyWindowSeconds: 3600,
    });
    expect(loadEnv({}).redisUrl).toBeUndefined();
    const env = loadEnv({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      RATE_LIMIT_WINDOW_SECONDS: '2',
      RATE_LIMIT_LAST_RECEIPT: '3',
      RATE_LIMIT_TERMINAL_CLAIM: '4',
      RATE_LIMIT_RX_READ: '5',
      RATE_LIMIT_RX_CLAIM: '6',
      RATE_LIMIT_ANONYMOUS_SURVEY: '7',
      RATE_LIMIT_ANONYMOUS_SURVEY_WINDOW_SECONDS: '8',
    });
    expect(env.redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(env.rateLimits).toEqual({
      windowSeconds: 2,
      lastReceipt: 3,
      terminalClaim: 4,
      rxRead: 5,
      rxClaim: 6,
      anonymousSurvey: 7,
      anonymousSurveyWindowSeconds: 8,
    });
  });

  it('reads the receipt-page client as a pair, and none by default', () => {
    expect(loadEnv({}).receiptPageClient).toBeUndefined();
    expect(
      loadEnv({ RECEIPT_PAGE_CLIENT_ID: 'rmp_x', RECEIPT_PAGE_CLIENT_SECRET: 'rmps_y' }).receiptPageClient,
    ).toEqual({
      clientId: 'rmp_x',
      clientSecret: 'rmps_y',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ OPERATOR_TOKEN: 'short' }, /OPERATOR_TOKEN/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SEED_DEMO_DATA: 'maybe' }, /SEED_DEMO_DATA/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /REDIS_URL must be a redis/],
    [{ RATE_LIMIT_LAST_RECEIPT: '0' }, /RATE_LIMIT_LAST_RECEIPT must be between 1/],
    [{ RATE_LIMIT_WINDOW_SECONDS: 'a minute' }, /RATE_LIMIT_WINDOW_SECONDS must be an integer/],
    [{ RECEIPT_PAGE_CLIENT_ID: 'rmp_x' }, /RECEIPT_PAGE_CLIENT_ID and RECEIPT_PAGE_CLIENT_SECRET are set together/],
  ])('rejects %o with a clear message', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });
});
