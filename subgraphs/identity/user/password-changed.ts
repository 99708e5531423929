/**
 * The hook a password change calls, so that other parts of identity react inside the same
 * transaction: the tokens part registers a listener that revokes every other grant of the user
 * ("A password change revokes every other grant of the user (the caller's own stays
 * live)"). Listeners are passed to {@link UserService} in `createIdentityContext`:
 *
 * ```ts
 * users: new UserService(base, { onPasswordChanged: [(e) => revokeOtherGrants(e.em, e.userId, e.currentGrantId)] })
 * ```
 */
import type { EntityManager } from '../../kernel/db/orm.js';

/** What a listener learns about a password change. */
export interface PasswordChangedEvent {
  readonly userId: string;
  /** The new `user_account.password_changed_at`. */
  readonly changedAt: Date;
  /** The grant the change was made through (it stays live); undefined when made without one. */
  readonly currentGrantId: string | undefined;
  /**
   * The transaction the new password is written in. Write through it: a listener that throws rolls
   * the password change back, so the password never changes while other grants stay live.
   */
  readonly em: EntityManager;
}

/** Called once per password change, in registration order, inside the change's transaction. */
export type PasswordChangedListener = (event: PasswordChangedEvent) => Promise<void>;
