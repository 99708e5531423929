import { Field, InputType } from 'type-graphql';

/** A registered consumer account created by an operator. */
@InputType('CreateUserInput', { description: 'A registered consumer account (operator only).' })
export class CreateUserInput {
  @Field(() => String, { description: 'Sign-in email; stored lower-cased and unique regardless of case.' })
  email!: string;

  @Field(() => String, {
    description: '15 to 128 characters (Unicode code points), not a common or breached password, not the email.',
  })
  password!: string;

  @Field(() => String, { nullable: true, description: 'Name shown to the user, at most 100 characters.' })
  displayName?: string | null;
}
