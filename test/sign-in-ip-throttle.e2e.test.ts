/**
 * The per-IP sign-in throttle counts the address the service saw the request come from, never a
 * value the caller supplies: 50 failed sign-ins from one address lock it, even for an account whose
 * password is right; the operation has no argument through which to claim another IP; the sign-in
 * page passes the request's address on; and X-Forwarded-For counts only when it comes from a trusted
 * proxy (TRUST_PROXY; the default trusts loopback, which is where the tests' requests come from).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, formOf } from './fixtures/authorization.fixtures.js';
import { IP_THROTTLE } from '../subgraphs/identity/user/sign-in-throttle.js';
import { startTestService, type TestService } from './harness.js';

const SIGN_IN = 'mutation($input: BrowserSignInInput!) { signInBrowser(input: $input) { sessionToken } }';
const DEMO = { email: 'hanako@example.com', password: 'hanako loves green tea' };

/** Trusts loopback proxies (the default): a loopback caller's X-Forwarded-For is the client address. */
let service: TestService;
/** Trusts only a proxy at another address: a loopback caller's X-Forwarded-For is ignored. */
let untrusting: TestService;
beforeAll(async () => {
  [service, untrusting] = await Promise.all([
    startTestService(),
    startTestService({ env: { TRUST_PROXY: '192.0.2.1' } }),
  ]);
});

/** Signs in through GET and POST /oauth/sign-in (no authorization request), as `forwardedFor` when given. */
async function pageSignIn(
  target: TestService,
  credentials: { email: string; password: string },
  forwardedFor?: string,
): Promise<{ response: Response; signedIn: boolean }> {
  const client = new CookieClient(target.url);
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const page = await client.request('/oauth/sign-in', { headers: { ...headers, 'accept-language': 'en' } });
  const form = formOf(await page.text(), '/oauth/sign-in');
  const response = await client.post(
    form.action,
    { ...form.fields, ...credentials },
    { ...headers, 'accept-language': 'en' },
  );
  return { response, signedIn: client.cookies.has('rmp_session') };
}

/** `IP_THROTTLE.maxFailures` failed page sign-ins, each answered as wrong credentials (400). */
async function failPageSignIns(target: TestService, forwardedFor: (i: number) => string): Promise<void> {
  for (let i = 0; i < IP_THROTTLE.maxFailures; i += 5) {
    const batch = Array.from({ length: Math.min(5, IP_THROTTLE.maxFailures - i) }, (_, j) => i + j);
    for (const { response, signedIn } of await Promise.all(
      batch.map((n) =>
        pageSignIn(target, { email: `nobody-${n}@example.test`, password: 'x'.repeat(20) }, forwardedFor(n)),
      ),
    )) {
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('The email or password is incorrect.');
      expect(signedIn).toBe(false);
    }
  }
}

async function expectLockedPage(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.text()).toContain('rate_limited');
}

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
      expect(failed.errors?.[0]?.extensions, `attempt ${i}`).toMatchObject({ reason: 'invalid_credentials' });
    }
    const locked = await service.graphql(SIGN_IN, { input: DEMO });
    expect(locked.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('locks, through /oauth/sign-in, the address a trusted proxy forwards, and only that address', async () => {
    expect((await pageSignIn(service, DEMO, '203.0.113.7')).signedIn).toBe(true);
    await failPageSignIns(service, () => '203.0.113.7');
    const locked = await pageSignIn(service, DEMO, '203.0.113.7');
    await expectLockedPage(locked.response);
    expect(locked.signedIn).toBe(false);
    const elsewhere = await pageSignIn(service, DEMO, '203.0.113.8');
    expect(elsewhere.response.status).toBe(200);
    expect(elsewhere.signedIn).toBe(true);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    expect((await pageSignIn(untrusting, DEMO, '198.51.100.250')).signedIn).toBe(true);
    // Every failure claims another address; all of them count against the real one.
    await failPageSignIns(untrusting, (i) => `198.51.100.${i + 1}`);
    const locked = await pageSignIn(untrusting, DEMO, '198.51.100.251');
    await expectLockedPage(locked.response);
    expect(locked.signedIn).toBe(false);
  });
});
