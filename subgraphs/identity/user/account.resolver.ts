import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { ChangePasswordInput, DeleteAccountInput } from './account.input.js';
import { AccountDeletion, PasswordChange } from './account.types.js';

/** The signed-in consumer's own account (REST: PUT /api/v1/user/password, DELETE /api/v1/user/account). */
@Resolver()
export class AccountResolver {
  @Mutation(() => PasswordChange, {
    description:
      "Changes the signed-in user's password and revokes every other grant of the user (the calling token stays live). " +
      'User token, any scope. BAD_USER_INPUT reasons: anonymous_account, wrong_password (currentPassword), password_policy (newPassword).',
  })
  changePassword(
    @Arg('input', () => ChangePasswordInput) input: ChangePasswordInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<PasswordChange> {
    return ctx.accounts.changePassword(input);
  }

  @Mutation(() => AccountDeletion, {
    description:
      "Deletes the signed-in user's account: erases its personal data, devices and sessions, revokes every grant and keeps a " +
      'de-identified tombstone. User token, any scope. BAD_USER_INPUT reasons: confirmation_required, password_required, wrong_password.',
  })
  deleteAccount(
    @Arg('input', () => DeleteAccountInput) input: DeleteAccountInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<AccountDeletion> {
    return ctx.accounts.deleteAccount(input);
  }
}
