import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { ANONYMOUS, type Principal } from '../../kernel/auth/principal.js';
import type { BaseContext } from '../../kernel/context.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { BusinessAccountService } from '../business-account/business-account.service.js';
import type { PasswordChangedEvent } from './password-changed.js';
import { Argon2idPasswordHasher, passwordHasher, type PasswordHasher } from './password-hasher.js';
import { User } from './user.entity.js';
import { UserService, type UserServiceOptions } from './user.service.js';

const CREATE_USER =
  'mutation($input: CreateUserInput!) { createUser(input: $input) { id displayName isAnonymous createdAt } }';
const PASSWORD = 'a quiet morning in Kamakura';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ demoData: false });
});

function context(principal: Principal = ANONYMOUS): BaseContext {
  return { requestId: 'test', principal, em: rootEntityManager(service.orm).fork(), env: service.env };
}
const users = (options?: UserServiceOptions) => new UserService(context(), options);
/** The extensions and message of the error `promise` rejects with. */
const errorOf = (promise: Promise<unknown>): Promise<Record<string, unknown>> =>
  promise.then(
    () => expect.fail('expected an error'),
    (error: { extensions?: Record<string, unknown>; message: string }) => ({
      ...error.extensions,
      message: error.message,
    }),
  );

describe('createUser (GraphQL)', () => {
  it('creates a registered account for the operator, storing a normalised email and an argon2id hash', async () => {
    const result = await service.graphql<{ createUser: { id: string; displayName: string; isAnonymous: boolean } }>(
      CREATE_USER,
      { input: { email: '  Taro@Example.COM ', password: PASSWORD, displayName: ' 太郎 ' } },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.createUser).toMatchObject({ displayName: '太郎', isAnonymous: false });
    const stored = await rootEntityManager(service.orm)
      .fork()
      .findOneOrFail(User, result.data!.createUser.id, { populate: ['passwordHash'] });
    expect(stored.email).toBe('taro@example.com');
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwordHasher.verify(stored.passwordHash!, PASSWORD)).toBe(true);
  });

  it('refuses anonymous callers', async () => {
    const result = await service.graphql(CREATE_USER, { input: { email: 'x@example.com', password: PASSWORD } });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers an email in use, in any case, with CONFLICT email_taken', async () => {
    const input = { email: 'jiro@example.com', password: PASSWORD };
    expect((await service.graphql(CREATE_USER, { input }, TEST_OPERATOR_TOKEN)).errors).toBeUndefined();
    const again = await service.graphql(
      CREATE_USER,
      { input: { ...input, email: 'JIRO@example.com' } },
      TEST_OPERATOR_TOKEN,
    );
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'email_taken' });
  });

  it.each([
    ['too short', 'fourteen chars', 'must be at least 15 characters'],
    ['too long', 'x'.repeat(129), 'must be at most 128 characters'],
    ['listed', 'qwertyuiop12345', 'is a commonly used or breached password; choose another'],
    ['the email', 'Saburo.Long@Example.com', 'must not be the account email'],
  ])('names the password rule broken (%s)', async (_label, password, message) => {
    const result = await service.graphql(
      CREATE_USER,
      { input: { email: 'saburo.long@example.com', password } },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'password_policy',
      errors: [{ path: 'password', message }],
    });
  });

  it('names every invalid field at once', async () => {
    const result = await service.graphql(
      CREATE_USER,
      { input: { email: 'not an email', password: 'kumo-no-ue', displayName: 'ね'.repeat(101) } },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    const paths = (result.errors?.[0]?.extensions?.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(['email', 'displayName', 'password']);
  });
});

describe('UserService.register and ownership', () => {
  it("never makes the user an owner of business accounts created for the user's email, before or after", async () => {
    const operator = new BusinessAccountService(context({ kind: 'operator' }));
    await operator.create({ name: '先に作った店', ownerEmail: 'Owner@Shop.example' });
    const user = await users().register('owner@shop.example', PASSWORD);
    await operator.create({ name: '後で作った店', ownerEmail: 'owner@shop.example' });
    expect(user.emailVerifiedAt ?? null).toBeNull();
    expect(await new BusinessAccountService(context()).ownedBy(user.id)).toEqual([]);
  });

  it('creates anonymous accounts without email or password', async () => {
    const anonymous = await users().createAnonymous();
    expect(anonymous.isAnonymous).toBe(true);
    expect(anonymous.email ?? null).toBeNull();
    await expect(users().changePassword(anonymous.id, 'x', PASSWORD)).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', reason: 'anonymous_account' },
    });
  });
});

/** Counts verify calls of the real hasher. */
function countingHasher(): PasswordHasher & { verified: number } {
  return {
    verified: 0,
    hash: (p) => passwordHasher.hash(p),
    needsRehash: (s) => passwordHasher.needsRehash(s),
    async verify(stored, password) {
      this.verified++;
      return passwordHasher.verify(stored, password);
    },
  };
}

describe('UserService.verifyCredentials', () => {
  beforeAll(async () => {
    await users().register('hanako@example.com', PASSWORD);
  });

  it('returns the account for the right password, whatever the email case', async () => {
    const user = await users().verifyCredentials(' HANAKO@example.com', PASSWORD, '192.0.2.10');
    expect(user.email).toBe('hanako@example.com');
  });

  it('answers a wrong password and an unknown email alike, with one argon2 computation each', async () => {
    const hasher = countingHasher();
    const wrong = await errorOf(
      users({ hasher }).verifyCredentials('hanako@example.com', 'not the password', '192.0.2.11'),
    );
    const unknown = await errorOf(users({ hasher }).verifyCredentials('nobody@example.com', PASSWORD, '192.0.2.11'));
    expect(wrong).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'invalid_credentials',
      message: 'The email or password is incorrect.',
    });
    expect(unknown).toEqual(wrong);
    expect(hasher.verified).toBe(2);
  });

  it('locks the account after 5 failures with RATE_LIMITED, even for the right password, then lets it in again', async () => {
    await users().register('locked@example.com', PASSWORD);
    let now = new Date(Date.now() + 3_600_000);
    const clock = () => now;
    for (let i = 1; i <= 5; i++) {
      await expect(
        users({ clock }).verifyCredentials('locked@example.com', `wrong password #${i}`, `192.0.2.${20 + i}`),
      ).rejects.toMatchObject({
        extensions: { reason: 'invalid_credentials' },
      });
      now = new Date(now.getTime() + 5_000); // past the short slow-down locks
    }
    const locked = await errorOf(users({ clock }).verifyCredentials('locked@example.com', PASSWORD, '192.0.2.30'));
    expect(locked).toMatchObject({ code: 'RATE_LIMITED', reason: 'rate_limited' });
    expect(locked.retryAfter).toBeGreaterThan(14 * 60);
    expect(locked.retryAfter).toBeLessThanOrEqual(15 * 60);
    now = new Date(now.getTime() + 15 * 60_000);
    expect((await users({ clock }).verifyCredentials('locked@example.com', PASSWORD, '192.0.2.30')).email).toBe(
      'locked@example.com',
    );
    // The success reset the account: one more failure does not lock it again.
    await expect(
      users({ clock }).verifyCredentials('locked@example.com', 'wrong again', '192.0.2.30'),
    ).rejects.toMatchObject({
      extensions: { reason: 'invalid_credentials' },
    });
    expect((await users({ clock }).verifyCredentials('locked@example.com', PASSWORD, '192.0.2.30')).email).toBe(
      'locked@example.com',
    );
  });

  it('locks a client IP after 50 failures across accounts', async () => {
    const hasher = new Argon2idPasswordHasher({ memory: 64, passes: 1, parallelism: 1 }); // cheap, for speed
    const ip = '198.51.100.99';
    for (let i = 0; i < 50; i++) {
      await errorOf(users({ hasher }).verifyCredentials(`stuffing${i}@example.com`, 'guess guess guess', ip));
    }
    const locked = await errorOf(users({ hasher }).verifyCredentials('hanako@example.com', PASSWORD, ip));
    expect(locked).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await users().verifyCredentials('hanako@example.com', PASSWORD, '198.51.100.100')).email).toBe(
      'hanako@example.com',
    );
  });
});

describe('UserService.changePassword', () => {
  const NEW_PASSWORD = 'the river flows past the old mill';

  it('refuses a wrong current password and a new one that breaks the policy', async () => {
    const user = await users().register('ichiro@example.com', PASSWORD);
    expect(await errorOf(users().changePassword(user.id, 'not it at all', NEW_PASSWORD))).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'wrong_password',
    });
    expect(await errorOf(users().changePassword(user.id, PASSWORD, 'ichiro@example.com'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'password_policy',
      errors: [{ path: 'newPassword', message: 'must not be the account email' }],
    });
  });

  it('stores the new password, records when, and tells the listeners inside the transaction', async () => {
    const user = await users().register('jiro.change@example.com', PASSWORD);
    const events: Record<string, unknown>[] = [];
    const listener = async (event: PasswordChangedEvent) => {
      const { em, ...facts } = event;
      events.push({ ...facts, inTransaction: em.isInTransaction() });
    };
    const changedAt = await users({ onPasswordChanged: [listener] }).changePassword(user.id, PASSWORD, NEW_PASSWORD, {
      currentGrantId: 'grant-1',
    });
    expect(events).toEqual([{ userId: user.id, changedAt, currentGrantId: 'grant-1', inTransaction: true }]);
    const stored = await rootEntityManager(service.orm).fork().findOneOrFail(User, user.id);
    expect(stored.passwordChangedAt).toEqual(changedAt);
    await expect(users().verifyCredentials('jiro.change@example.com', PASSWORD)).rejects.toMatchObject({
      extensions: { reason: 'invalid_credentials' },
    });
    expect((await users().verifyCredentials('jiro.change@example.com', NEW_PASSWORD)).id).toBe(user.id);
  });

  it('keeps the old password when a listener fails', async () => {
    const user = await users().register('saburo.change@example.com', PASSWORD);
    const failing = users({ onPasswordChanged: [() => Promise.reject(new Error('revocation failed'))] });
    await expect(failing.changePassword(user.id, PASSWORD, NEW_PASSWORD)).rejects.toThrow('revocation failed');
    expect((await users().verifyCredentials('saburo.change@example.com', PASSWORD)).id).toBe(user.id);
    expect((await rootEntityManager(service.orm).fork().findOneOrFail(User, user.id)).passwordChangedAt).toBeNull();
  });
});
