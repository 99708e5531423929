import { Field, ID, InputType, Int } from 'type-graphql';

@InputType('StocktakeCountInput', { description: 'How many of a product were counted.' })
export class StocktakeCountInput {
  @Field(() => ID, { description: 'A product of the business.' })
  productId!: string;

  @Field(() => Int, { description: 'The count, 0 to 1000000 (a later count of the product replaces it).' })
  counted!: number;
}
