import { Field, InputType } from 'type-graphql';

/** The signed-in user's password change (interface: ChangePasswordRequest). */
@InputType('ChangePasswordInput', { description: "A change of the signed-in user's password." })
export class ChangePasswordInput {
  @Field(() => String, { description: 'The password the account has now.' })
  currentPassword!: string;

  @Field(() => String, {
    description: '15 to 128 characters (Unicode code points), not a common or breached password, not the email.',
  })
  newPassword!: string;
}

/** The signed-in user's account deletion (interface: DeleteAccountRequest). */
@InputType('DeleteAccountInput', { description: "Deletion of the signed-in user's account." })
export class DeleteAccountInput {
  @Field(() => Boolean, { description: 'Must be true: the caller confirms the deletion.' })
  confirm!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The account password; required for registered accounts, ignored for anonymous ones.',
  })
  password?: string | null;
}
