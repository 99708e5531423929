/**
 * Ending every grant of a user against PostgreSQL: a password change revokes all but the grant it was
 * made through, at the change time and with its reason; deleting the account revokes all of them and
 * removes the refresh tokens and codes that could mint new ones. Other users' grants stay live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { findCode, findRefreshToken, insertGrant, insertRefreshToken } from './grant-store.js';
import {
  ACCOUNT_DELETED,
  countRevokedByPasswordChange,
  endAllGrants,
  PASSWORD_CHANGED,
  revokeOtherGrants,
  revokeUserGrants,
} from './grant-revocation.js';
import { issueCode, newUserId, storeApp, type TestApp } from './oauth-int.fixtures.js';
import { tokenDigest } from './opaque-token.js';

let db: MigratedDatabase;
let app: TestApp;

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await storeApp(db);
});
afterAll(() => db?.close());

async function grantOf(userId: string): Promise<string> {
  const facts = { oauthClientId: app.client.id, userId, businessAccountId: null, scopes: ['user.profile.read'] };
  return insertGrant(db.em(), facts, new Date());
}

async function stateOf(grantId: string): Promise<{ revoked_at: Date | null; revoked_reason: string | null }> {
  const rows = await db
    .em()
    .execute<{ revoked_at: Date | null; revoked_reason: string | null }[]>(
      'select "revoked_at", "revoked_reason" from "oauth_grant" where "id" = ?',
      [grantId],
    );
  const row = rows[0]!;
  return { revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at), revoked_reason: row.revoked_reason };
}

describe('grant revocation', () => {
  it('names its reasons', () => {
    expect([PASSWORD_CHANGED, ACCOUNT_DELETED]).toEqual(['password_changed', 'account_deleted']);
  });

  it('revokes every other live grant of the user on a password change, at the change time', async () => {
    const user = newUserId();
    const bystander = await grantOf(newUserId());
    const [current, second, third] = [await grantOf(user), await grantOf(user), await grantOf(user)];
    const changedAt = new Date('2030-06-01T00:00:00Z');
    await revokeOtherGrants({ em: db.em(), userId: user, changedAt, currentGrantId: current });
    expect(await stateOf(current)).toEqual({ revoked_at: null, revoked_reason: null });
    for (const id of [second, third]) {
      expect(await stateOf(id)).toEqual({ revoked_at: changedAt, revoked_reason: 'password_changed' });
    }
    expect(await stateOf(bystander)).toEqual({ revoked_at: null, revoked_reason: null });
    expect(await countRevokedByPasswordChange(db.em(), user, changedAt)).toBe(2);
    expect(await countRevokedByPasswordChange(db.em(), user, new Date('2030-06-01T00:00:01Z'))).toBe(0);
  });

  it('counts only live grants, keeps the first reason, and revokes all without a grant to keep', async () => {
    const user = newUserId();
    const a = await grantOf(user);
    const b = await grantOf(user);
    const first = new Date('2030-06-02T00:00:00Z');
    expect(await revokeUserGrants(db.em(), user, PASSWORD_CHANGED, first, a)).toBe(1);
    expect(await revokeUserGrants(db.em(), user, 'other', new Date('2030-06-03T00:00:00Z'))).toBe(1);
    expect(await stateOf(b)).toEqual({ revoked_at: first, revoked_reason: 'password_changed' });
    expect(await stateOf(a)).toMatchObject({ revoked_reason: 'other' });
    expect(await revokeUserGrants(db.em(), user, 'again', first)).toBe(0);
  });

  it('ends every grant of a deleted account with its refresh tokens and unused codes, and only its own', async () => {
    const user = newUserId();
    const survivor = newUserId();
    const grant = await grantOf(user);
    const token = await insertRefreshToken(db.em(), grant, 1, new Date());
    const code = await issueCode(db, app, { userId: user });
    const otherGrant = await grantOf(survivor);
    const otherToken = await insertRefreshToken(db.em(), otherGrant, 1, new Date());
    const otherCode = await issueCode(db, app, { userId: survivor });
    const now = new Date('2030-06-04T00:00:00Z');
    expect(await endAllGrants(db.em(), user, now)).toBe(1);
    expect(await stateOf(grant)).toEqual({ revoked_at: now, revoked_reason: 'account_deleted' });
    expect(await findRefreshToken(db.em(), tokenDigest(token))).toBeUndefined();
    expect(await findCode(db.em(), tokenDigest(code.code))).toBeUndefined();
    expect(await stateOf(otherGrant)).toEqual({ revoked_at: null, revoked_reason: null });
    expect(await findRefreshToken(db.em(), tokenDigest(otherToken))).toBeDefined();
    expect(await findCode(db.em(), tokenDigest(otherCode.code))).toBeDefined();
  });
});
