import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** The stores subgraph's part of a customer profile (the wallet owns the entity; decision 0021). */
@ObjectType('CustomerProfile', {
  description:
    "One customer of the business as the business knows them (crm.profiles.read): the customer record, memberships and points, and, from the other subgraphs, receipts and orders, visits, check-ins, survey answers and favorites, each only at this business. The id is the customer record's.",
})
@Directive('@key(fields: "id")')
export class StoresCustomerProfile {
  @Field(() => ID, { description: 'The profile id: the id of the business customer record it is built on.' })
  id!: string;
}

@ObjectType('CustomerProfileFavorite', { description: "One of the business's stores the customer favorited." })
export class CustomerProfileFavorite {
  /** The store (exposed as `store`). */
  storeId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the customer favorited it.' })
  favoritedAt!: Date;
}
