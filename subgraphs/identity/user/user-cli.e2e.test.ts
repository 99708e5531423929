/**
 * `npm run ops -- user:create` end to end (the built ops.js as a child process against a one-process
 * service with the demo data), and the demo users it loads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { runOps as ops } from '../../../test/ops-runner.js';
import { DEMO_USERS } from '../../../processes/demo/demo-data.js';
import { ANONYMOUS } from '../../kernel/auth/principal.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { BusinessAccountService } from '../business-account/business-account.service.js';
import { checkPasswordPolicy } from './password-policy.js';
import { UserService } from './user.service.js';

let service: TestService;
let connection: string[];
const context = () => ({
  requestId: 'test',
  principal: ANONYMOUS,
  em: rootEntityManager(service.orm).fork(),
  env: service.env,
});

beforeAll(async () => {
  service = await startTestService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
});

describe('npm run ops -- user:create', () => {
  it('creates a registered account that can sign in, and prints only its id', async () => {
    const run = await ops([
      'user:create',
      '--email',
      'Cli.User@Example.com',
      '--password',
      'operators type long passwords',
      '--display-name',
      'CLI ユーザー',
      ...connection,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { userId: string };
    expect(Object.keys(printed)).toEqual(['userId']);
    const user = await new UserService(context()).verifyCredentials(
      'cli.user@example.com',
      'operators type long passwords',
    );
    expect(user).toMatchObject({ id: printed.userId, displayName: 'CLI ユーザー' });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date); // the operator vouches for the address
  });

  it('answers a password that breaks the policy with a 400 problem naming the field, exit code 2', async () => {
    const run = await ops(['user:create', '--email', 'weak@example.com', '--password', 'password123', ...connection]);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr.trim())).toMatchObject({
      status: 400,
      code: 'password_policy',
      errors: [
        { path: 'password', message: 'must be at least 15 characters' },
        { path: 'password', message: 'is a commonly used or breached password; choose another' },
      ],
    });
  });

  it('answers an email in use with a 409 problem', async () => {
    const run = await ops([
      'user:create',
      '--email',
      'HANAKO@example.com',
      '--password',
      'another long passphrase',
      ...connection,
    ]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr.trim())).toMatchObject({ status: 409, code: 'email_taken' });
  });

  it('requires --email and --password', async () => {
    const run = await ops(['user:create', ...connection]);
    expect(run.code).toBe(2);
    const problem = JSON.parse(run.stderr.trim()) as { errors: { path: string }[] };
    expect(problem.errors.map((e) => e.path).sort()).toEqual(['email', 'password']);
  });
});

describe('demo users', () => {
  it.each(DEMO_USERS.map((u) => [u.email, u.password]))(
    '%s signs in with its documented password',
    async (email, password) => {
      expect(checkPasswordPolicy(password, { email })).toEqual([]);
      expect((await new UserService(context()).verifyCredentials(email, password)).email).toBe(email);
    },
  );

  it('includes the owner of the first demo business, verified and bound', async () => {
    const owner = await new UserService(context()).verifyCredentials(
      'owner@sakura-mart.example',
      DEMO_USERS[1].password,
    );
    expect(owner.emailVerifiedAt).toBeInstanceOf(Date);
    const owned = await new BusinessAccountService(context()).ownedBy(owner.id);
    expect(owned.map((b) => b.name)).toEqual(['さくらマート株式会社']);
  });
});
