import { Field, ID, InputType } from 'type-graphql';

/** A new shop app of a business. */
@InputType('CreateShopAppInput', { description: 'A new shop app.' })
export class CreateShopAppInput {
  @Field(() => String, {
    description: 'Public id in the app paths: 3 to 64 of A-Z a-z 0-9 _ - , starting alphanumeric.',
  })
  shopId!: string;

  @Field(() => ID, {
    nullable: true,
    description:
      "The owning business account. A business token's own business when omitted; the operator must give it.",
  })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'Display name, 1 to 100 characters.' })
  name!: string;

  @Field(() => [ID], {
    nullable: true,
    description:
      "Stores the app shows, in order (the first is the main store); all of the owning business's. At most 100.",
  })
  storeIds?: string[] | null;
}
