/**
 * Sign-out checks its form token: a wrong or missing CSRF token is refused (403 csrf_failed) and the
 * session stays valid; the right one ends it.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import {
  approveApp,
  authorizeQuery,
  CookieClient,
  createUser,
  formOf,
  registerApp,
  signInThrough,
  type RegisteredApp,
} from '../../../test/fixtures/authorization.fixtures.js';

let service: TestService;
let app: RegisteredApp;
let email: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, { scopes: ['user.profile.read'] });
  await approveApp(service, app.clientId);
  email = await createUser(service);
});

async function liveSessions(token: string): Promise<number> {
  const rows = await service.orm.em
    .getConnection()
    .execute<{ n: string }[]>('select count(*) as n from "browser_session" where "token_hash" = ?', [
      createHash('sha256').update(token).digest('hex'),
    ]);
  return Number(rows[0]?.n);
}

/** Whether the client's session still skips the sign-in page (the consent page shows). */
async function stillSignedIn(client: CookieClient): Promise<boolean> {
  const page = await client.request(`/oauth/authorize?${authorizeQuery(app, { scope: 'user.profile.read' })}`);
  return page.status === 200 && (await page.text()).includes('/oauth/consent');
}

describe('sign-out', () => {
  it.each([
    ['a wrong', (fields: Record<string, string>) => ({ ...fields, csrf_token: 'x'.repeat(43) })],
    ['a missing', ({ csrf_token: _csrf, ...fields }: Record<string, string>) => fields],
  ])('with %s CSRF token: 403 csrf_failed, and the session stays valid', async (_name, tamper) => {
    const client = new CookieClient(service.url);
    const consent = await signInThrough(client, authorizeQuery(app, { scope: 'user.profile.read' }), email);
    const token = client.cookies.get('rmp_session')!;
    const signOut = formOf(await consent.text(), '/oauth/sign-out');
    expect(signOut.fields.csrf_token).toMatch(/\S{16,}/);
    const refused = await client.post(signOut.action, tamper(signOut.fields));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('csrf_failed');
    expect(client.cookies.get('rmp_session')).toBe(token);
    expect(await liveSessions(token)).toBe(1);
    expect(await stillSignedIn(client)).toBe(true);

    const out = await client.post(signOut.action, signOut.fields);
    expect(out.status).toBe(303);
    expect(await liveSessions(token)).toBe(0);
  });
});
