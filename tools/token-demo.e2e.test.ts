/**
 * `npm run ops -- token:demo` walks the real authorization-code flow with PKCE against a running
 * service (authorize, the sign-in form with its CSRF field and cookie, consent, the token endpoint)
 * and prints a token pair that the API accepts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ demoData: true });
});

interface TokenPair {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly tokenType: string;
  readonly expiresIn: number;
  readonly scope: string;
}

async function tokenDemo(args: string[]): Promise<TokenPair> {
  const run = await runOps(['token:demo', '--url', service.url, ...args]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as TokenPair;
}

async function introspect(token: string): Promise<Record<string, unknown>> {
  const answer = await service.rest('POST', '/api/v1/auth/verify', undefined, { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

// Each test runs the ops CLI (the whole service's modules, OAuth sign-in): over 20 s on a loaded CI machine.
describe('ops token:demo', { timeout: 60_000 }, () => {
  it('signs hanako in through the first-party demo app (no consent) and prints a live user token pair', async () => {
    const pair = await tokenDemo([]);
    expect(pair).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
    expect(pair.scope.split(' ')).toContain('user.profile.read');
    expect(pair.refreshToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await introspect(pair.accessToken)).toMatchObject({ active: true, clientId: 'rmp_demo_consumer_app' });
    // The pair came from a real grant: the refresh token rotates at the token endpoint.
    const refreshed = await service.rest('POST', '/api/v1/auth/refresh', undefined, {
      refreshToken: pair.refreshToken,
      clientId: 'rmp_demo_consumer_app',
      clientSecret: 'rmps_demo_consumer_app_secret_for_demos_only',
    });
    expect(refreshed.status).toBe(200);
  });

  it('gets the さくらマート owner a store token through the partner app, approving the consent page', async () => {
    const pair = await tokenDemo([
      '--user',
      'owner@sakura-mart.example',
      '--app',
      'rmp_demo_sakura_partner',
      '--scopes',
      'store.info.read store.products.read',
    ]);
    expect(pair.scope).toBe('store.info.read store.products.read');
    expect(await introspect(pair.accessToken)).toMatchObject({ active: true, clientId: 'rmp_demo_sakura_partner' });
  });

  it('answers a wrong password with a problem naming the sign-in step', async () => {
    const run = await runOps(['token:demo', '--url', service.url, '--password', 'not the password at all']);
    expect(run.stdout).toBe('');
    expect(run.code).not.toBe(0);
    expect(JSON.parse(run.stderr)).toMatchObject({
      code: 'token_flow_failed',
      detail: expect.stringMatching(/^sign_in: /),
    });
  });

  it('asks for the password of an account that is not a demo user', async () => {
    const run = await runOps(['token:demo', '--url', service.url, '--user', 'someone@example.com']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ status: 400, detail: expect.stringContaining('--password') });
  });
});
