import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { User } from './user.entity.js';
import { CreateUserInput } from './user.input.js';

@Resolver(() => User)
export class UserResolver {
  @Mutation(() => User, {
    description:
      'Creates a registered consumer account. Operator only. BAD_USER_INPUT (password_policy) names the rules the password breaks; CONFLICT (email_taken) when the email is in use.',
  })
  createUser(@Arg('input', () => CreateUserInput) input: CreateUserInput, @Ctx() ctx: IdentityContext): Promise<User> {
    return ctx.users.create(input);
  }
}
