import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** A reference to identity's BusinessAccount; identity resolves its fields. */
@ObjectType('BusinessAccount', { description: 'A business account (resolved by the identity subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class BusinessAccountRef {
  @Field(() => ID)
  id!: string;
}
