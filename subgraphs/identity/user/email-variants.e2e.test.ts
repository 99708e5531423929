/**
 * Issue 6 item 10: full-width and zero-width-space variants of one address never become separate
 * accounts. A variant equals the stored address everywhere (createUser, sign-in, sign-up), and an
 * address with invisible or control characters is a 400 naming the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { mailsTo } from '../../../test/mail.js';
import { CookieClient, formOf } from '../../../test/fixtures/authorization.fixtures.js';

const CREATE_USER = 'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }';
const CREATE_BUSINESS = 'mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }';
const SIGN_IN = 'mutation($input: BrowserSignInInput!) { signInBrowser(input: $input) { sessionToken } }';
const FULL_WIDTH = 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｃｏｍ';
const ZERO_WIDTH = 'hana\u200Bko@example.com';
const PASSWORD = 'a long and unusual passphrase';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});

async function count(): Promise<number> {
  const rows: { n: number }[] = await service.orm.em
    .getConnection()
    .execute('select count(*)::int as n from "user_account" where "email" like \'%hanako%\'');
  return rows[0]?.n ?? 0;
}

describe('email variants', () => {
  it('a full-width variant is the existing account (createUser 409, sign-in works)', async () => {
    const created = await service.graphql(
      CREATE_USER,
      { input: { email: FULL_WIDTH, password: PASSWORD } },
      TEST_OPERATOR_TOKEN,
    );
    expect(created.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'email_taken' });
    const signIn = await service.graphql(SIGN_IN, { input: { email: FULL_WIDTH, password: 'hanako loves green tea' } });
    expect(signIn.errors).toBeUndefined();
    expect(await count()).toBe(1);
  });

  it('a zero-width variant is a 400 naming the field, in every place that takes an email', async () => {
    const created = await service.graphql(
      CREATE_USER,
      { input: { email: ZERO_WIDTH, password: PASSWORD } },
      TEST_OPERATOR_TOKEN,
    );
    expect(created.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'email' }] });
    const business = await service.graphql(
      CREATE_BUSINESS,
      { input: { name: 'x', ownerEmail: ZERO_WIDTH } },
      TEST_OPERATOR_TOKEN,
    );
    expect(business.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'ownerEmail' }],
    });
    const signIn = await service.graphql(SIGN_IN, { input: { email: ZERO_WIDTH, password: PASSWORD } });
    expect(signIn.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'email' }] });
    const invite = await service.graphql(
      'mutation($input: CreateOwnerInvitationInput!) { createOwnerInvitation(input: $input) { id } }',
      { input: { businessAccountId: '01900000-0000-7000-8001-000000000004', email: ZERO_WIDTH } },
      TEST_OPERATOR_TOKEN,
    );
    expect(invite.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'email' }] });
    const client = new CookieClient(service.url);
    const form = formOf(await (await client.request('/oauth/sign-up')).text(), '/oauth/sign-up');
    const page = await client.post(form.action, { ...form.fields, email: ZERO_WIDTH, password: PASSWORD });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('email: must not contain invisible or control characters');
    expect(await count()).toBe(1);
  });

  it('signing up with the full-width variant mails the existing owner, creates nothing', async () => {
    const client = new CookieClient(service.url);
    const form = formOf(await (await client.request('/oauth/sign-up')).text(), '/oauth/sign-up');
    const page = await client.post(form.action, { ...form.fields, email: FULL_WIDTH, password: PASSWORD });
    expect(page.status).toBe(200);
    expect(await count()).toBe(1);
    expect((await mailsTo(service, 'hanako@example.com')).at(-1)?.subject).toBe(
      'お使いのメールアドレスで登録が試みられました',
    );
  });
});
