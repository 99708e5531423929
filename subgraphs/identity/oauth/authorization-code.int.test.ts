/**
 * Issuing authorization codes against PostgreSQL: what the consent step may bind (registered
 * redirect_uri, the app's scopes of one audience, the business account for business scopes, PKCE S256
 * only) and what is stored (the digest, the bindings, 60 s of life).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { UserScopeStatus } from '../oauth-client/oauth-client.entity.js';
import { findCode } from './grant-store.js';
import { BUSINESS_SCOPES, issueCode, PKCE, refusal, storeApp, type TestApp } from './oauth-int.fixtures.js';
import { tokenDigest } from './opaque-token.js';

let db: MigratedDatabase;
let app: TestApp;
let partner: TestApp;
const ORG = '01900000-0000-7000-8000-00000000beef';

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await storeApp(db, { scopes: ['user.profile.read', 'user.receipts.read', 'store.info.read'] });
  partner = await storeApp(db, { scopes: BUSINESS_SCOPES, firstParty: false });
});
afterAll(() => db?.close());

describe('issueAuthorizationCode', () => {
  it('stores only the digest of a 256-bit code, with its bindings and 60 s of life', async () => {
    const now = new Date('2030-05-01T00:00:00Z');
    const request = {
      scopes: ['user.profile.read', 'user.profile.read'],
      codeChallenge: PKCE.challenge,
      codeChallengeMethod: 'S256',
    };
    const { code, userId, expiresAt } = await issueCode(db, app, request, now);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toEqual(new Date('2030-05-01T00:01:00Z'));
    const row = await findCode(db.em(), tokenDigest(code));
    expect(row).toMatchObject({
      oauth_client_id: app.client.id,
      redirect_uri: 'https://app.example.test/callback',
      scopes: ['user.profile.read'],
      user_id: userId,
      business_account_id: null,
      code_challenge: PKCE.challenge,
      consumed_at: null,
      grant_id: null,
    });
    expect(new Date(row!.expires_at)).toEqual(expiresAt);
  });

  it('binds a business code to its business account and no challenge when none was sent', async () => {
    const { code } = await issueCode(db, partner, { scopes: ['store.products.read'], businessAccountId: ORG });
    expect(await findCode(db.em(), tokenDigest(code))).toMatchObject({
      business_account_id: ORG,
      code_challenge: null,
    });
  });

  const invalidRequest = (message: string) => ({ reason: 'invalid_request', code: 'BAD_USER_INPUT', message });
  const invalidScope = (message: string) => ({ reason: 'invalid_scope', code: 'BAD_USER_INPUT', message });

  it.each([
    [
      'an unregistered redirect_uri',
      { redirectUri: 'https://app.example.test/callback/' },
      invalidRequest('redirect_uri is not registered for this app.'),
    ],
    ['a user id that is not a UUID', { userId: 'u1' }, invalidRequest('userId must be a UUID.')],
    ['no scope', { scopes: [] }, invalidScope('At least one scope is required.')],
    [
      'scopes the app may not ask for',
      { scopes: ['user.profile.read', 'user.coupons.read', 'sales.read'] },
      invalidScope('The app may not request: user.coupons.read sales.read.'),
    ],
    [
      'user and store scopes together',
      { scopes: ['user.profile.read', 'store.info.read'], businessAccountId: ORG },
      invalidScope('Store and user scopes cannot be combined.'),
    ],
    [
      'a business account for user scopes',
      { businessAccountId: ORG },
      invalidRequest('User scopes take no business account.'),
    ],
    [
      'a method without a challenge',
      { codeChallengeMethod: 'S256' },
      invalidRequest('code_challenge_method without code_challenge.'),
    ],
    [
      'the plain method',
      { codeChallenge: PKCE.challenge, codeChallengeMethod: 'plain' },
      invalidRequest('PKCE code_challenge_method must be S256 (plain is not supported).'),
    ],
    [
      'a challenge without a method',
      { codeChallenge: PKCE.challenge },
      invalidRequest('PKCE code_challenge_method must be S256 (plain is not supported).'),
    ],
    [
      'a short challenge',
      { codeChallenge: PKCE.challenge.slice(1), codeChallengeMethod: 'S256' },
      invalidRequest('code_challenge must be 43 base64url characters.'),
    ],
    [
      'a long challenge',
      { codeChallenge: `${PKCE.challenge}A`, codeChallengeMethod: 'S256' },
      invalidRequest('code_challenge must be 43 base64url characters.'),
    ],
    [
      'a challenge outside base64url',
      { codeChallenge: `${PKCE.challenge.slice(1)}+`, codeChallengeMethod: 'S256' },
      invalidRequest('code_challenge must be 43 base64url characters.'),
    ],
  ])('refuses %s', async (_what, request, expected) => {
    expect(await refusal(issueCode(db, app, request))).toEqual(expected);
  });

  it.each([
    ['no business account', {}],
    ['a business account that is not a UUID', { businessAccountId: 'b1' }],
  ])('refuses business scopes with %s', async (_what, request) => {
    expect(await refusal(issueCode(db, partner, { scopes: ['store.products.read'], ...request }))).toEqual(
      invalidRequest('Business scopes need the business account (org_id).'),
    );
  });

  it('gives user scopes only to first-party or approved apps', async () => {
    const pending = await storeApp(db, { firstParty: false, userScopeStatus: UserScopeStatus.PENDING });
    expect(await refusal(issueCode(db, pending))).toEqual(
      invalidScope('app_not_approved: the app is not approved for user scopes.'),
    );
    const approved = await storeApp(db, { firstParty: false, userScopeStatus: UserScopeStatus.APPROVED });
    expect(await refusal(issueCode(db, approved))).toBe('accepted');
  });
});
