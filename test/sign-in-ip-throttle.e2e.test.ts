/**
 * The per-IP sign-in throttle counts the address the service saw the request come from, never a
 * value the caller supplies: 50 failed sign-ins from one address lock it, even for an account
 * whose password is right, and the operation has no argument through which to claim another IP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { IP_THROTTLE } from '../subgraphs/identity/user/sign-in-throttle.js';
import { startTestService, type TestService } from './harness.js';

const SIGN_IN = 'mutation($input: BrowserSignInInput!) { signInBrowser(input: $input) { sessionToken } }';
const DEMO = { email: 'hanako@example.com', password: 'hanako loves green tea' };

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});

describe('per-IP sign-in throttle', () => {
  it('has no argument for the client IP', async () => {
    const result = await service.graphql(SIGN_IN, { input: { ...DEMO, clientIp: '203.0.113.9' } });
    expect(result.errors?.[0]?.message).toMatch(/clientIp/);
  });

  it('locks the requesting address after its failures, whatever accounts they named', async () => {
    expect((await service.graphql(SIGN_IN, { input: DEMO })).errors).toBeUndefined();
    for (let i = 0; i < IP_THROTTLE.maxFailures; i++) {
      const failed = await service.graphql(SIGN_IN, {
        input: { email: `nobody-${i}@example.test`, password: 'x'.repeat(20) },
      });
      expect(failed.errors?.[0]?.extensions?.code, `attempt ${i}`).not.toBe('INTERNAL_SERVER_ERROR');
    }
    const locked = await service.graphql(SIGN_IN, { input: DEMO });
    expect(locked.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
