import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** A reference to the stores subgraph's Store; the stores subgraph resolves its fields. */
@ObjectType('Store', { description: 'A physical store (resolved by the stores subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class StoreRef {
  @Field(() => ID, { description: 'UUIDv7 identifier of the store.' })
  id!: string;
}

/** A reference to identity's BusinessAccount; identity resolves its fields. */
@ObjectType('BusinessAccount', { description: 'A business account (resolved by the identity subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class BusinessAccountRef {
  @Field(() => ID, { description: 'UUIDv7 identifier of the business account.' })
  id!: string;
}
