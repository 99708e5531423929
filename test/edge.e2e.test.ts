/**
 * The service's edge on a one-process service started without OPERATOR_TOKEN: its generated operator
 * credential is the operator (a guessed one is not); `/healthz` and `/readyz` answer without
 * credentials (their failure paths: test/database-outage.e2e.test.ts and graceful-shutdown); and
 * the trust-proxy rule's default (its effect: test/sign-in-ip-throttle.e2e.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../subgraphs/kernel/env.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ demoData: false, env: { OPERATOR_TOKEN: '' } });
});

const VIEWER = '{ viewer { kind } }';
const CREATE_BUSINESS = 'mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }';

describe('the generated operator credential', () => {
  it('is a fresh op_ token that acts as the operator', async () => {
    expect(service.env.operatorTokenGenerated).toBe(true);
    expect(service.operatorToken).toMatch(/^op_[A-Za-z0-9_-]{32}$/);
    expect((await service.graphql(VIEWER, {}, service.operatorToken)).data).toEqual({ viewer: { kind: 'operator' } });
    const created = await service.graphql(
      CREATE_BUSINESS,
      { input: { name: '生成トークン商店', ownerEmail: 'owner@generated.example' } },
      service.operatorToken,
    );
    expect(created.errors).toBeUndefined();
  });

  it.each([
    ['the tests’ usual token', TEST_OPERATOR_TOKEN],
    ['another op_ token', `op_${randomBytes(24).toString('base64url')}`],
    [
      'the generated token with its last character changed',
      () => `${service.operatorToken.slice(0, -1)}${service.operatorToken.endsWith('x') ? 'y' : 'x'}`,
    ],
  ])('refuses %s as invalid_token', async (_name, token) => {
    const result = await service.graphql(VIEWER, {}, typeof token === 'function' ? token() : token);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'invalid_token' });
  });
});

describe('health endpoints', () => {
  it('/healthz: 200 {status: ok} without credentials', async () => {
    const response = await service.call('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz: 200 {status: ready} while the database answers', async () => {
    const response = await service.call('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });
});

describe('the trust-proxy rule', () => {
  it('believes X-Forwarded-For from loopback proxies by default, and takes TRUST_PROXY as given', () => {
    expect(service.env.trustProxy).toBe('loopback');
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, uniquelocal' }).trustProxy).toBe('10.0.0.0/8, uniquelocal');
  });
});
