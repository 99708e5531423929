import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

/** The outcome of a password change (interface: PasswordChangedResponse). */
@ObjectType('PasswordChange', { description: 'The outcome of a password change.' })
export class PasswordChange {
  @Field(() => Boolean, { description: 'Always true: the new password is in effect.' })
  changed!: boolean;

  @Field(() => GraphQLDateTimeISO, { description: 'When the password changed (RFC 3339, UTC).' })
  changedAt!: Date;

  @Field(() => Int, {
    description:
      "How many of the user's other grants (signed-in apps and sessions) were revoked; the caller's own stays live.",
  })
  otherSessionsRevoked!: number;
}

/** The outcome of deleting an account (interface: DeletionResponse). */
@ObjectType('AccountDeletion', { description: 'What deleting the account erased, ended and kept.' })
export class AccountDeletion {
  @Field(() => Boolean, { description: 'Always true: the account is deleted.' })
  deleted!: boolean;

  @Field(() => ID, { description: 'The id of the deleted account (kept only as a tombstone).' })
  userId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the account was deleted (RFC 3339, UTC).' })
  deletedAt!: Date;

  @Field(() => [String], {
    description: 'Personal data erased from the account: email, password, displayName.',
  })
  erasedFields!: string[];

  @Field(() => Int, { description: 'Registered devices removed (with their push tokens).' })
  devicesRemoved!: number;

  @Field(() => Int, { description: 'Signed-in browser sessions of the sign-in pages ended.' })
  sessionsEnded!: number;

  @Field(() => Int, {
    description: 'OAuth grants revoked (every access and refresh token of the account stops working at once).',
  })
  grantsRevoked!: number;

  @Field(() => [String], {
    description:
      'What is kept, de-identified: the account id with its creation and deletion times (a tombstone, so records ' +
      'that must be kept, e.g. claimed receipts, keep a reference that names no person), and the revoked grant records.',
  })
  retained!: string[];
}
