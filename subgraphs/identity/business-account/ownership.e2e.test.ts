/**
 * Issue 6 item 1: an email confers nothing until proven, and business ownership comes only from an
 * accepted owner invitation. Signing up with an owner's address (the demo business 東西電機, whose
 * owner has no account, or a fresh business:create) never yields a store token.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { latestMailTo, linkIn, mailsTo, tokenIn } from '../../../test/mail.js';
import { runOps as ops } from '../../../test/ops-runner.js';
import { DEMO_LOOPBACK_REDIRECT_URI } from '../../../processes/demo/demo-apps.js';
import { DEMO_APPS } from '../../../processes/demo/demo-data.js';
import { CookieClient, formOf, PASSWORD, signInThrough } from '../../../test/fixtures/authorization.fixtures.js';

let service: TestService;
let connection: string[];
const partner = DEMO_APPS.find((a) => a.clientId === 'rmp_demo_sakura_partner')!;

beforeAll(async () => {
  service = await startTestService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
});

const storeQuery = (): string =>
  new URLSearchParams({
    client_id: partner.clientId,
    // Registered for the demo apps on any port (the /demo/callback one follows the service's URL).
    redirect_uri: DEMO_LOOPBACK_REDIRECT_URI,
    response_type: 'code',
    scope: 'store.info.read store.staff.write',
    state: 'st-owner',
  }).toString();

/** Posts the sign-up form carrying `query`; returns the page answered. */
async function signUp(client: CookieClient, query: string, email: string): Promise<Response> {
  const page = await client.request(`/oauth/sign-up?${query}`);
  const form = formOf(await page.text(), '/oauth/sign-up');
  return client.post(form.action, { ...form.fields, email, password: PASSWORD });
}

/** Opens the newest verification link mailed to `email` and presses its button. */
async function verify(client: CookieClient, email: string): Promise<Response> {
  const landing = await client.request(linkIn((await latestMailTo(service, email)).body, '/oauth/verify-email'));
  expect(landing.status).toBe(200);
  const form = formOf(await landing.text(), '/oauth/verify-email');
  return client.post(form.action, form.fields);
}

/** Opens the newest invitation link mailed to `email` and presses accept. */
async function accept(client: CookieClient, email: string): Promise<Response> {
  const invitations = (await mailsTo(service, email)).filter((m) => m.body.includes('/oauth/owner-invitation'));
  const landing = await client.request(linkIn(invitations.at(-1)!.body, '/oauth/owner-invitation'));
  const form = formOf(await landing.text(), '/oauth/owner-invitation');
  return client.post(form.action, form.fields, { accept: 'application/json' });
}

describe('signing up with the address of an owner who has no account', () => {
  it('never yields a store token for the demo business 東西電機', async () => {
    const client = new CookieClient(service.url);
    const email = 'owner@tozai-denki.example';
    expect((await signUp(client, storeQuery(), email)).status).toBe(200);
    // Unverified: may sign in, but business scopes are refused in the page's language.
    const unverified = await signInThrough(client, storeQuery(), email);
    expect(unverified.status).toBe(403);
    const text = await unverified.text();
    expect(text).toContain('email_not_verified');
    expect(text).toContain('メールアドレスがまだ確認されていません');
    // Verified: the address still confers no ownership (no invitation was accepted).
    expect((await verify(client, email)).status).toBe(200);
    const verified = await client.request(`/oauth/authorize?${storeQuery()}`);
    expect(verified.status).toBe(403);
    expect(await verified.text()).toContain('not_a_business_owner');
    const codes = await service.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from "oauth_authorization_code"');
    expect(codes[0]?.n).toBe(0);
  });

  it('answers a taken address like a new one, and mails its owner instead', async () => {
    const client = new CookieClient(service.url);
    const fresh = `n${randomBytes(4).toString('hex')}@example.test`;
    const taken = await signUp(client, storeQuery(), 'Hanako@Example.com');
    const created = await signUp(client, storeQuery(), fresh);
    expect(taken.status).toBe(created.status);
    const normalize = (html: string, email: string) => html.replaceAll(email, 'EMAIL');
    expect(normalize(await taken.text(), 'Hanako@Example.com')).toBe(normalize(await created.text(), fresh));
    expect(client.cookies.has('rmp_session')).toBe(false);
    const mail = await latestMailTo(service, 'hanako@example.com');
    expect(mail.subject).toBe('お使いのメールアドレスで登録が試みられました');
    expect(mail.body).not.toContain('/oauth/verify-email');
  });

  it('does not verify twice with one link, and refuses an unknown one', async () => {
    const client = new CookieClient(service.url);
    const email = `v${randomBytes(4).toString('hex')}@example.test`;
    await signUp(client, '', email);
    const token = tokenIn((await latestMailTo(service, email)).body, '/oauth/verify-email');
    const scanned = await client.request(`/oauth/verify-email?token=${token}`);
    expect(scanned.status).toBe(200); // a GET (mail scanner) spends nothing
    expect((await verify(client, email)).status).toBe(200);
    const again = await verify(client, email);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('invalid_verification_token');
  });
});

describe('ownership by invitation', () => {
  it('binds only a signed-in, verified account with the invited address, once', async () => {
    const owner = `o${randomBytes(4).toString('hex')}@example.test`;
    const created = await ops(['business:create', '--name', '招待商店', '--owner-email', owner, ...connection]);
    expect(created.stderr).toBe('');
    const { businessAccountId, invitationId } = JSON.parse(created.stdout) as Record<string, string>;
    expect(invitationId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await latestMailTo(service, owner)).subject).toBe('「招待商店」のオーナーへの招待');

    // Signed out: the page asks to sign in first.
    const stranger = new CookieClient(service.url);
    expect((await accept(stranger, owner)).status).toBe(400);
    // Another verified account: refused.
    const other = new CookieClient(service.url);
    const otherEmail = `x${randomBytes(4).toString('hex')}@example.test`;
    await signUp(other, '', otherEmail);
    await verify(other, otherEmail);
    await signInThrough(other, storeQuery(), otherEmail);
    const mismatch = await accept(other, owner);
    expect(mismatch.status).toBe(403);
    expect(await mismatch.json()).toMatchObject({ code: 'invitation_email_mismatch' });

    // The invited address, unverified: refused; verified: bound.
    const client = new CookieClient(service.url);
    await signUp(client, storeQuery(), owner);
    await signInThrough(client, storeQuery(), owner);
    const early = await accept(client, owner);
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'email_not_verified' });
    await verify(client, owner);
    const accepted = await accept(client, owner);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('招待商店');
    const again = await accept(client, owner);
    expect(again.status).toBe(400);

    const consent = await client.request(`/oauth/authorize?${storeQuery()}`);
    expect(consent.status).toBe(200);
    expect(formOf(await consent.text(), '/oauth/consent').fields.business_account_id).toBe(businessAccountId);

    const listed = await ops(['owner:invitations', '--business', businessAccountId!, ...connection]);
    expect(JSON.parse(listed.stdout)).toMatchObject({ invitations: [{ invitationId, status: 'ACCEPTED' }] });
    const revoke = await ops(['owner:revoke', '--invitation', invitationId!, ...connection]);
    expect(JSON.parse(revoke.stderr)).toMatchObject({ status: 409, code: 'invitation_closed' });
  });

  it('lets operators invite, resend (the old link dies) and revoke', async () => {
    const created = await ops([
      'business:create',
      '--name',
      'Resend Co',
      '--owner-email',
      'a@resend.example',
      ...connection,
    ]);
    const { businessAccountId } = JSON.parse(created.stdout) as Record<string, string>;
    const invited = await ops([
      'owner:invite',
      '--business',
      businessAccountId!,
      '--email',
      'B@Resend.example',
      '--locale',
      'en',
      ...connection,
    ]);
    const invitation = JSON.parse(invited.stdout) as { invitationId: string; expiresAt: string };
    expect(Object.keys(invitation)).toEqual(['invitationId', 'expiresAt']);
    expect(new Date(invitation.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    const first = await latestMailTo(service, 'b@resend.example');
    expect(first.subject).toBe('You are invited to own Resend Co');
    const resent = await ops(['owner:resend', '--invitation', invitation.invitationId, ...connection]);
    expect(JSON.parse(resent.stdout)).toMatchObject({ invitationId: invitation.invitationId, status: 'PENDING' });
    expect(await mailsTo(service, 'b@resend.example')).toHaveLength(2);
    const oldToken = tokenIn(first.body, '/oauth/owner-invitation');
    const newToken = tokenIn((await latestMailTo(service, 'b@resend.example')).body, '/oauth/owner-invitation');
    expect(oldToken).not.toBe(newToken);
    const revoked = await ops(['owner:revoke', '--invitation', invitation.invitationId, ...connection]);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ status: 'REVOKED' });
    const listed = await ops(['owner:invitations', '--business', businessAccountId!, ...connection]);
    expect((JSON.parse(listed.stdout) as { invitations: unknown[] }).invitations).toHaveLength(2);
    const unknown = await ops([
      'owner:invite',
      '--business',
      '01900000-0000-7000-8000-00000000dead',
      '--email',
      'c@x.example',
      ...connection,
    ]);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ status: 404 });
  });

  it('keeps invitation management to operators', async () => {
    const list = await service.graphql(
      'query { ownerInvitations(businessAccountId: "01900000-0000-7000-8001-000000000001") { id } }',
    );
    expect(list.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
