import { Field, InputType } from 'type-graphql';

@InputType('CreateBusinessAccountInput')
export class CreateBusinessAccountInput {
  @Field(() => String, { description: 'Display name, 1 to 200 characters.' })
  name!: string;

  @Field(() => String, { description: 'Email of the owner (who may sign up later).' })
  ownerEmail!: string;
}
