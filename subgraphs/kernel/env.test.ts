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

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ OPERATOR_TOKEN: 'short' }, /OPERATOR_TOKEN/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SEED_DEMO_DATA: 'maybe' }, /SEED_DEMO_DATA/],
  ])('rejects %o with a clear message', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });
});
