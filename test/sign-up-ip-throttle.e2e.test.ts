/**
 * Issue 6 item 9: sign-ups are limited per client IP (the address the service saw, as the sign-in
 * throttle counts it): the 11th within the hour is a 429 HTML page in the page's language with
 * Retry-After, and creates nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, formOf, PASSWORD } from './fixtures/authorization.fixtures.js';
import { SIGN_UP_IP_THROTTLE } from '../subgraphs/identity/user/sign-in-throttle.js';
import { startTestService, type TestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ demoData: false });
});

async function accounts(): Promise<number> {
  const rows: { n: number }[] = await service.orm.em
    .getConnection()
    .execute('select count(*)::int as n from "user_account" where "email" like \'ip-%\'');
  return rows[0]?.n ?? 0;
}

describe('per-IP sign-up throttle', () => {
  it('answers the sign-up after the limit with a 429 page and Retry-After', async () => {
    const client = new CookieClient(service.url);
    const page = await client.request('/oauth/sign-up', { headers: { 'accept-language': 'en' } });
    const form = formOf(await page.text(), '/oauth/sign-up');
    for (let i = 0; i < SIGN_UP_IP_THROTTLE.maxFailures; i++) {
      const ok = await client.post(form.action, { ...form.fields, email: `ip-${i}@example.test`, password: PASSWORD });
      expect(ok.status, `sign-up ${i}`).toBe(200);
    }
    expect(await accounts()).toBe(SIGN_UP_IP_THROTTLE.maxFailures);
    const refused = await client.post(
      form.action,
      { ...form.fields, email: 'ip-over@example.test', password: PASSWORD },
      { 'accept-language': 'en' },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/text\/html/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await refused.text()).toContain('Too many sign-ups');
    expect(await accounts()).toBe(SIGN_UP_IP_THROTTLE.maxFailures);
  });
});
