import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Customer } from './customer.entity.js';

@ObjectType('CustomerRank', { description: "A customer's rank, as the shop's membership card config names it." })
export class CustomerRank {
  @Field(() => String, { description: 'Code of the rank in the card config.' })
  code!: string;

  @Field(() => String, { description: 'Name shown on the card.' })
  name!: string;

  @Field(() => String, { description: 'Colour of the rank, #RRGGBB.' })
  color!: string;
}

@ObjectType('CustomerPage', { description: 'One page of the customers of a shop app, by member number.' })
export class CustomerPage {
  @Field(() => [Customer], { description: 'The customers of this page, by member number.' })
  items!: Customer[];

  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page; null on the last page. Opaque.',
  })
  nextCursor!: string | null;
}

@ArgsType()
export class ShopCustomersArgs {
  @Field(() => String, { description: 'The shop app, as in /api/v1/apps/{shopId}.' })
  shopId!: string;

  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 50; above 100 is clamped).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The previous page’s nextCursor.' })
  after?: string | null;
}

@InputType('CreateCustomerInput', { description: 'A membership the operator creates for a user at a shop app.' })
export class CreateCustomerInput {
  @Field(() => String, { description: 'The shop app, as in /api/v1/apps/{shopId}.' })
  shopId!: string;

  @Field(() => ID, { description: 'The member (a user account id).' })
  userId!: string;

  @Field(() => Int, {
    nullable: true,
    description: "Points, 0 to 1,000,000,000. Default: the card's pointsOnSignUp (0 without a card).",
  })
  points?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Rank code of the card config. Default: the rank the points reach (null without a card).',
  })
  rankCode?: string | null;
}
