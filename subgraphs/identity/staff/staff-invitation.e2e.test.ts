/**
 * Linking a staff member to a user account by invitation (the owner-invitation mechanism, kind
 * staff): mailed to the staff member's email, accepted only by a signed-in, verified account with
 * that address, once; it never makes the user an owner, and deleting the staff member never touches
 * the user account.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, registerApp, startOAuthService, USER_PASSWORD } from '../../../test/fixtures/oauth.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { latestMailTo, mailsTo, tokenIn } from '../../../test/mail.js';

const STAFF_SCOPES = ['store.staff.read', 'store.staff.write'];
const LINK_PATH = '/oauth/owner-invitation';

let service: TestService;
let shop: Business;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, STAFF_SCOPES);
  shop = await business(service, app, STAFF_SCOPES);
});

type Answer = Awaited<ReturnType<TestService['graphql']>>;
const errorOf = (answer: Answer) => answer.errors?.[0]?.extensions;
const address = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@staff.example`;

async function staffMember(email: string | null): Promise<string> {
  const answer = await service.graphql<{ createStaffMember: { id: string } }>(
    'mutation($input: CreateStaffMemberInput!) { createStaffMember(input: $input) { id } }',
    { input: { displayName: '鈴木 一郎', nameKana: 'スズキ イチロウ', role: 'staff', email } },
    shop.token,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.createStaffMember.id;
}

const invite = (id: string) =>
  service.graphql<{ inviteStaffMember: { staffMemberId: string; email: string; expiresAt: string } }>(
    'mutation($id: ID!) { inviteStaffMember(id: $id) { id staffMemberId email expiresAt } }',
    { id },
    shop.token,
  );

async function sessionOf(email: string): Promise<string> {
  const signIn = await service.graphql<{ signInBrowser: { sessionToken: string } }>(
    'mutation($input: BrowserSignInInput!) { signInBrowser(input: $input) { sessionToken } }',
    { input: { email, password: USER_PASSWORD } },
  );
  expect(signIn.errors).toBeUndefined();
  return signIn.data!.signInBrowser.sessionToken;
}

const accept = (token: string, sessionToken: string) =>
  service.graphql<{ acceptOwnerInvitation: Record<string, unknown> }>(
    `mutation($input: AcceptOwnerInvitationInput!) {
      acceptOwnerInvitation(input: $input) { businessAccountId businessName kind staffMemberId }
    }`,
    { input: { token, sessionToken } },
  );

const linkedUser = async (id: string) =>
  (await sql<{ user_id: string | null }>(service, 'select "user_id" from "staff_member" where "id" = ?', [id]))[0]
    ?.user_id;

/** An unverified account of `email` (signed up as a person would), with its verification mail sent. */
async function unverifiedUser(email: string): Promise<void> {
  const signUp = await service.graphql(
    'mutation($input: BrowserSignUpInput!) { signUpBrowser(input: $input) { verificationRequired } }',
    {
      input: { email, password: USER_PASSWORD },
    },
  );
  expect(signUp.data).toEqual({ signUpBrowser: { verificationRequired: true } });
}

describe('a staff invitation', () => {
  it('links only a signed-in, verified account with the staff member’s address, once, and never as an owner', async () => {
    const email = address('hanako');
    const id = await staffMember(email.toUpperCase());
    const invited = await invite(id);
    expect(invited.errors).toBeUndefined();
    expect(invited.data!.inviteStaffMember).toMatchObject({ staffMemberId: id, email });
    const mail = await latestMailTo(service, email);
    expect(mail.subject).toBe('「Test business」のスタッフとしてのアカウント連携への招待');
    const token = tokenIn(mail.body, LINK_PATH);

    // Another verified account: refused.
    const other = address('other');
    await createUser(service, other);
    const mismatch = await accept(token, await sessionOf(other));
    expect(errorOf(mismatch)).toMatchObject({ code: 'FORBIDDEN', reason: 'invitation_email_mismatch' });

    // The invited address, not yet verified: refused.
    await unverifiedUser(email);
    const early = await accept(token, await sessionOf(email));
    expect(errorOf(early)).toMatchObject({ code: 'FORBIDDEN', reason: 'email_not_verified' });
    expect(await linkedUser(id)).toBeNull();

    // Verified: linked, as staff only.
    const verification = tokenIn((await latestMailTo(service, email)).body, '/oauth/verify-email');
    expect(
      (await service.graphql('mutation($t: String!) { verifyEmail(token: $t) { email } }', { t: verification })).errors,
    ).toBeUndefined();
    const session = await sessionOf(email);
    const accepted = await accept(token, session);
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data!.acceptOwnerInvitation).toEqual({
      businessAccountId: shop.businessAccountId,
      businessName: 'Test business',
      kind: 'STAFF',
      staffMemberId: id,
    });
    const [user] = await sql<{ id: string }>(service, 'select "id" from "user_account" where "email" = ?', [email]);
    expect(await linkedUser(id)).toBe(user!.id);
    expect(await sql(service, 'select * from "business_owner" where "user_id" = ?', [user!.id])).toEqual([]);
    const owners = await service.graphql<{ ownerInvitations: { email: string }[] }>(
      'query($b: ID!) { ownerInvitations(businessAccountId: $b) { email } }',
      { b: shop.businessAccountId },
      TEST_OPERATOR_TOKEN,
    );
    expect(owners.data!.ownerInvitations.map((i) => i.email)).not.toContain(email);

    // Single use; and a linked member is not invited again.
    expect(errorOf(await accept(token, session))).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'invalid_invitation',
    });
    expect(errorOf(await invite(id))).toMatchObject({ code: 'CONFLICT', reason: 'staff_member_already_linked' });
  });

  it('works with the newest link only, and not after the staff member’s email changed', async () => {
    const email = address('newest');
    await createUser(service, email);
    const id = await staffMember(email);
    await invite(id);
    await invite(id);
    const [first, second] = (await mailsTo(service, email)).map((m) => tokenIn(m.body, LINK_PATH));
    const session = await sessionOf(email);
    expect(errorOf(await accept(first!, session))).toMatchObject({ reason: 'invalid_invitation' });
    const changed = await service.graphql(
      'mutation($input: UpdateStaffMemberInput!) { updateStaffMember(input: $input) { id } }',
      { input: { id, email: address('moved') } },
      shop.token,
    );
    expect(changed.errors).toBeUndefined();
    expect(errorOf(await accept(second!, session))).toMatchObject({ reason: 'invalid_invitation' });
    expect(await linkedUser(id)).toBeNull();
  });

  it('needs an email and an active staff member', async () => {
    expect(errorOf(await invite(await staffMember(null)))).toMatchObject({
      code: 'CONFLICT',
      reason: 'staff_member_without_email',
    });
    const id = await staffMember(address('left'));
    await service.graphql(
      'mutation($input: UpdateStaffMemberInput!) { updateStaffMember(input: $input) { id } }',
      { input: { id, status: 'inactive' } },
      shop.token,
    );
    expect(errorOf(await invite(id))).toMatchObject({ code: 'CONFLICT', reason: 'staff_member_inactive' });
  });
});

describe('deleting a linked staff member', () => {
  it('never touches the user account', async () => {
    const email = address('linked');
    const userId = await createUser(service, email);
    const id = await staffMember(email);
    await invite(id);
    const accepted = await accept(
      tokenIn((await latestMailTo(service, email)).body, LINK_PATH),
      await sessionOf(email),
    );
    expect(accepted.errors).toBeUndefined();
    const before = await sql(service, 'select * from "user_account" where "id" = ?', [userId]);
    const deleted = await service.graphql('mutation($id: ID!) { deleteStaffMember(id: $id) }', { id }, shop.token);
    expect(deleted.data).toEqual({ deleteStaffMember: true });
    expect(await sql(service, 'select * from "user_account" where "id" = ?', [userId])).toEqual(before);
    expect(await sql(service, 'select * from "owner_invitation" where "staff_member_id" = ?', [id])).toEqual([]);
    await sessionOf(email);
  });
});
