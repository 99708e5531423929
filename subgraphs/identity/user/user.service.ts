import { randomUUID } from 'node:crypto';
import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import {
  BadUserInputError,
  ConflictError,
  NotFoundError,
  UnauthenticatedError,
  VALIDATION_FAILED_DETAIL,
  type FieldError,
} from '../../kernel/errors.js';
import { parseEmail } from '../email.js';
import { isRefusedDemoPassword } from '../published-demo-credentials.js';
import type { PasswordChangedListener } from './password-changed.js';
import { passwordHasher, type PasswordHasher } from './password-hasher.js';
import { checkPasswordPolicy } from './password-policy.js';
import { accountKey, ipKey, SignInThrottler } from './sign-in-throttle.js';
import { User } from './user.entity.js';
import type { CreateUserInput } from './user.input.js';

/** Collaborators of {@link UserService}; each has a production default. */
export interface UserServiceOptions {
  readonly hasher?: PasswordHasher;
  /** Clock of the sign-in throttle (tests move it). Default: the system clock. */
  readonly clock?: () => Date;
  /** Called inside the transaction of every password change (see password-changed.ts). */
  readonly onPasswordChanged?: readonly PasswordChangedListener[];
}

/** Optional details of a new registered account. */
export interface RegistrationProfile {
  readonly displayName?: string | null;
  /** The email counts as proven from the start (operator-created accounts, demo data). Default false. */
  readonly verified?: boolean;
}

/** A registration that passed validation: the normalized email and the trimmed display name. */
export interface ValidRegistration {
  readonly email: string;
  readonly displayName: string | null;
}

const MAX_DISPLAY_NAME = 100;

/** A hash of a random password per hasher, verified against when the email is unknown (equal timing). */
const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();

function dummyHash(hasher: PasswordHasher): Promise<string> {
  let hash = dummyHashes.get(hasher);
  if (!hash) {
    hash = hasher.hash(randomUUID());
    dummyHashes.set(hasher, hash);
  }
  return hash;
}

const invalidCredentials = () => new UnauthenticatedError('The email or password is incorrect.', 'invalid_credentials');

/**
 * Consumer accounts: registration, anonymous accounts, credential checks with throttling, password
 * changes. Operator entry points check access on their first line; the others are the domain
 * operations that sign-in and account endpoints build on.
 */
export class UserService {
  private readonly hasher: PasswordHasher;
  private readonly throttler: SignInThrottler;
  private readonly listeners: readonly PasswordChangedListener[];

  constructor(
    private readonly ctx: BaseContext,
    options: UserServiceOptions = {},
  ) {
    this.hasher = options.hasher ?? passwordHasher;
    this.throttler = new SignInThrottler(ctx.em, options.clock);
    this.listeners = options.onPasswordChanged ?? [];
  }

  /**
   * Creates a registered account on an operator's behalf (GraphQL `createUser`, CLI `user:create`).
   * The operator vouches for the address: the account counts as verified.
   */
  async create(input: CreateUserInput): Promise<User> {
    requireOperator(this.ctx.principal);
    return this.register(input.email, input.password, { displayName: input.displayName, verified: true });
  }

  /**
   * Checks a registration without touching storage: the email (normalized, no invisible or control
   * characters), the display name and the password policy. BAD_USER_INPUT `password_policy` when only
   * the password fails, else `validation_failed`, naming every field.
   */
  validateRegistration(email: string, password: string, profile: RegistrationProfile = {}): ValidRegistration {
    const parsed = parseEmail(email);
    const normalized = parsed.ok ? parsed.email : email;
    const displayName = profile.displayName?.trim() || null;
    const fieldErrors: FieldError[] = [];
    if (!parsed.ok) fieldErrors.push({ path: 'email', message: parsed.message });
    if (displayName && [...displayName].length > MAX_DISPLAY_NAME) {
      fieldErrors.push({ path: 'displayName', message: `must be at most ${MAX_DISPLAY_NAME} characters` });
    }
    const policyErrors = checkPasswordPolicy(password, { email: normalized }, 'password');
    if (fieldErrors.length > 0 || policyErrors.length > 0) {
      const onlyPolicy = fieldErrors.length === 0;
      throw new BadUserInputError(
        onlyPolicy ? 'The password does not meet the password policy.' : VALIDATION_FAILED_DETAIL,
        [...fieldErrors, ...policyErrors],
        onlyPolicy ? 'password_policy' : 'validation_failed',
      );
    }
    return { email: normalized, displayName };
  }

  /**
   * Registers an account. The email is stored normalized (email.ts) and is unique (CONFLICT
   * `email_taken`); see {@link validateRegistration} for what is refused. The email confers nothing
   * until verified (`emailVerifiedAt`); business ownership comes only from an accepted owner invitation.
   */
  async register(email: string, password: string, profile: RegistrationProfile = {}): Promise<User> {
    const valid = this.validateRegistration(email, password, profile);
    const user = this.ctx.em.create(User, {
      email: valid.email,
      passwordHash: await this.hasher.hash(password),
      displayName: valid.displayName,
      emailVerifiedAt: profile.verified ? new Date() : null,
    });
    await withConstraintErrors(
      { unique: () => new ConflictError('An account with this email already exists.', 'email_taken') },
      () => this.ctx.em.flush(),
    );
    return user;
  }

  /** Spends one argon2 hash computation, so a path that stores nothing takes as long as one that does. */
  async spendHashTime(password: string): Promise<void> {
    await this.hasher.hash(password);
  }

  /** Creates an anonymous account (no email, no password), as an app does on first use. */
  async createAnonymous(): Promise<User> {
    const user = this.ctx.em.create(User, { isAnonymous: true });
    await this.ctx.em.flush();
    return user;
  }

  /**
   * The live registered account with these credentials. Failures are one UNAUTHENTICATED
   * `invalid_credentials` whether or not the email exists, with one argon2 computation either way;
   * they count against the account and the client IP, and a locked key answers RATE_LIMITED with
   * `retryAfter` before any password is checked. Success resets the account's counter.
   */
  async verifyCredentials(email: string, password: string, clientIp?: string): Promise<User> {
    const parsed = parseEmail(email);
    // Invisible or control characters are a bad field, not a wrong password: no account can have them.
    if (!parsed.ok && parsed.message.includes('invisible')) {
      throw new BadUserInputError(VALIDATION_FAILED_DETAIL, [{ path: 'email', message: parsed.message }]);
    }
    const normalized = parsed.ok ? parsed.email : email;
    const account = accountKey(normalized);
    const keys = clientIp ? [account, ipKey(clientIp)] : [account];
    await this.throttler.assertNotLocked(keys);
    const user = parsed.ok
      ? await this.ctx.em.findOne(
          User,
          { email: normalized, deletedAt: null, isAnonymous: false },
          { populate: ['passwordHash'] },
        )
      : null;
    const stored = user?.passwordHash ?? (await dummyHash(this.hasher));
    const matches = await this.hasher.verify(stored, password);
    // A published demo password signs nobody in in production (checked after the hash, same timing).
    const refused = isRefusedDemoPassword(this.ctx.env, password);
    if (!user?.passwordHash || !matches || refused) {
      for (const key of keys) await this.throttler.recordFailure(key);
      throw invalidCredentials();
    }
    await this.throttler.reset(account);
    if (this.hasher.needsRehash(stored)) {
      user.passwordHash = await this.hasher.hash(password);
      await this.ctx.em.flush();
    }
    return user;
  }

  /**
   * Changes the password of a registered account after checking the current one (BAD_USER_INPUT
   * `wrong_password`, counted by the account's sign-in throttle; `anonymous_account`; `password_policy`
   * naming `newPassword`). Sets `passwordChangedAt` and calls the password-changed listeners in the
   * same transaction. Returns the change time.
   */
  async changePassword(
    userId: string,
    currentPassword: string,
    newPassword: string,
    options: { readonly currentGrantId?: string } = {},
  ): Promise<Date> {
    const user = await this.ctx.em.findOne(User, { id: userId, deletedAt: null }, { populate: ['passwordHash'] });
    if (!user) throw new NotFoundError('The account does not exist.', 'user_not_found');
    if (user.isAnonymous || !user.passwordHash || !user.email) {
      throw new BadUserInputError('An anonymous account has no password to change.', [], 'anonymous_account');
    }
    await this.confirmPassword(user, currentPassword, 'currentPassword');
    const policyErrors = checkPasswordPolicy(newPassword, { email: user.email }, 'newPassword');
    if (policyErrors.length > 0) {
      throw new BadUserInputError(
        'The new password does not meet the password policy.',
        policyErrors,
        'password_policy',
      );
    }
    return this.storeNewPassword(user.id, await this.hasher.hash(newPassword), options.currentGrantId);
  }

  /**
   * Checks that `password` is the password of the registered `user` (loaded with its hash), for
   * actions that re-authenticate: BAD_USER_INPUT `wrong_password` naming `path`, counted by the
   * account's sign-in throttle (a locked account answers RATE_LIMITED first).
   */
  async confirmPassword(user: User, password: string, path: string): Promise<void> {
    if (!user.email || !user.passwordHash) {
      throw new BadUserInputError('An anonymous account has no password.', [], 'anonymous_account');
    }
    const account = accountKey(user.email);
    await this.throttler.assertNotLocked([account]);
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      await this.throttler.recordFailure(account);
      const current = path === 'currentPassword';
      const errors = [{ path, message: current ? 'is not the current password' : 'is not the account password' }];
      throw new BadUserInputError(
        current ? 'The current password is wrong.' : 'The password is wrong.',
        errors,
        'wrong_password',
      );
    }
  }

  private async storeNewPassword(userId: string, passwordHash: string, currentGrantId?: string): Promise<Date> {
    const changedAt = new Date();
    await this.ctx.em.transactional(async (em) => {
      await em.nativeUpdate(User, { id: userId }, { passwordHash, passwordChangedAt: changedAt, updatedAt: changedAt });
      for (const listener of this.listeners) await listener({ userId, changedAt, currentGrantId, em });
    });
    return changedAt;
  }
}
