import { ArgsType, Field, ID } from 'type-graphql';

/** Addresses one customer of one shop app (the interface's `{shopId}` and `{customerId}`). */
@ArgsType()
export class ShopCustomerArgs {
  @Field(() => String, { description: 'The shop app, as in /api/v1/apps/{shopId}.' })
  shopId!: string;

  @Field(() => ID, { description: 'The customer, as in /api/v1/apps/{shopId}/wallet/.../{customerId}.' })
  customerId!: string;
}
