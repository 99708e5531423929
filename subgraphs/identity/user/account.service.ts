/**
 * The signed-in consumer's own account: changing the password and deleting the account. Both act
 * only on the caller's account (the user of the token's grant), checked on each method's first line.
 */
import { requireUser } from '../../kernel/auth/access.js';
import { endUserSessions } from '../authorization/browser-session.store.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { BadUserInputError, NotFoundError } from '../../kernel/errors.js';
import { eraseUserCustomers } from '../../kernel/privacy/customer-erasure.js';
import { UserDevice } from '../device/device.entity.js';
import { countRevokedByPasswordChange, endAllGrants } from '../oauth/grant-revocation.js';
import type { ChangePasswordInput, DeleteAccountInput } from './account.input.js';
import type { AccountDeletion, PasswordChange } from './account.types.js';
import { accountKey } from './sign-in-throttle.js';
import { User } from './user.entity.js';
import type { UserService } from './user.service.js';

/** The personal data a deletion erases from the account row. */
const ERASED_FIELDS = ['email', 'password', 'displayName'];
/** What a deletion keeps, de-identified. */
const RETAINED = ['userId', 'createdAt', 'deletedAt', 'revokedGrantRecords'];

/** Self-service account operations of a consumer signed in through an OAuth grant. */
export class AccountService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly users: UserService,
  ) {}

  /**
   * Changes the caller's password (see {@link UserService.changePassword} for the 400 reasons). The
   * password-changed listener revokes every other grant of the user in the same transaction; the
   * grant of the calling token stays live.
   */
  async changePassword(input: ChangePasswordInput): Promise<PasswordChange> {
    const caller = requireUser(this.ctx.principal);
    const changedAt = await this.users.changePassword(caller.userId, input.currentPassword, input.newPassword, {
      currentGrantId: caller.grantId,
    });
    const otherSessionsRevoked = await countRevokedByPasswordChange(this.ctx.em, caller.userId, changedAt);
    return { changed: true, changedAt, otherSessionsRevoked };
  }

  /**
   * Deletes the caller's account: BAD_USER_INPUT `confirmation_required` unless `confirm` is true;
   * for a registered account `password_required` or `wrong_password` (throttled like sign-in).
   * Then, in one transaction: personal data erased, devices, browser sessions and the sign-in
   * counter, monthly budgets, favorite stores and businesses' customer records deleted, every grant revoked, `deletedAt` set. The row stays as a tombstone.
   */
  async deleteAccount(input: DeleteAccountInput): Promise<AccountDeletion> {
    const caller = requireUser(this.ctx.principal);
    if (input.confirm !== true) {
      const errors = [{ path: 'confirm', message: 'must be true to delete the account' }];
      throw new BadUserInputError('Deleting the account needs confirm: true.', errors, 'confirmation_required');
    }
    const user = await this.ctx.em.findOne(
      User,
      { id: caller.userId, deletedAt: null },
      { populate: ['passwordHash'] },
    );
    if (!user) throw new NotFoundError('The account does not exist.', 'user_not_found');
    if (!user.isAnonymous && user.passwordHash) {
      if (!input.password) {
        const errors = [{ path: 'password', message: 'is required for a registered account' }];
        throw new BadUserInputError('The account password is required.', errors, 'password_required');
      }
      await this.users.confirmPassword(user, input.password, 'password');
    }
    return this.ctx.em.transactional((tx) => this.erase(tx, user.id, user.email ?? null));
  }

  private async erase(tx: EntityManager, userId: string, email: string | null): Promise<AccountDeletion> {
    const deletedAt = new Date();
    const tombstoned = await tx.nativeUpdate(
      User,
      { id: userId, deletedAt: null },
      { email: null, passwordHash: null, displayName: null, passwordChangedAt: null, deletedAt, updatedAt: deletedAt },
    );
    if (tombstoned === 0) throw new NotFoundError('The account does not exist.', 'user_not_found');
    const grantsRevoked = await endAllGrants(tx, userId, deletedAt);
    const devicesRemoved = await tx.nativeDelete(UserDevice, { userId });
    const sessionsEnded = await endUserSessions(tx, userId);
    if (email) await tx.execute('delete from "sign_in_throttle" where "key" = ?', [accountKey(email).id]);
    // The monthly budgets (receipts) and favorite stores (stores) are personal and kept for nothing else.
    await tx.execute('delete from "budget" where "user_id" = ?', [userId]);
    await tx.execute('delete from "favorite_store" where "user_id" = ?', [userId]);
    // The businesses' customer records of the user (the row stays as a tombstone, so no cascade fires).
    await eraseUserCustomers(tx, userId);
    return {
      deleted: true,
      userId,
      deletedAt,
      erasedFields: [...ERASED_FIELDS],
      devicesRemoved,
      sessionsEnded,
      grantsRevoked,
      retained: [...RETAINED],
    };
  }
}
