import { GraphQLDateTimeISO } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { FlyerStatus } from './flyer.entity.js';

@InputType('FlyerPageInput', { description: 'A page of a flyer; pages are kept in the order given.' })
export class FlyerPageInput {
  @Field(() => String, { description: 'The page image: an https URL, at most 2048 characters.' })
  imageUrl!: string;

  @Field(() => String, { nullable: true, description: 'Caption, at most 200 characters.' })
  caption?: string | null;
}

@InputType('FlyerItemInput', { description: 'A featured product of a flyer; items are kept in the order given.' })
export class FlyerItemInput {
  @Field(() => ID, { description: 'A product of the flyer’s business.' })
  productId!: string;

  @Field(() => Int, { description: 'Sale price in minor units of the product’s currency, 0 to 100000000.' })
  salePriceAmount!: number;

  @Field(() => String, { nullable: true, description: 'A note, at most 200 characters.' })
  note?: string | null;
}

@InputType('CreateFlyerInput', { description: 'A new flyer (a draft) for a store of the business.' })
export class CreateFlyerInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business (the operator must name it; a business token acts for its own).',
  })
  businessAccountId?: string | null;

  @Field(() => ID, { description: 'A store of the business.' })
  storeId!: string;

  @Field(() => String, { description: 'Title, 1 to 200 characters.' })
  title!: string;

  @Field(() => String, { nullable: true, description: 'Description, at most 2000 characters.' })
  description?: string | null;

  @Field(() => GraphQLDateTimeISO, { description: 'Start of validity.' })
  validFrom!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'End of validity, after validFrom.' })
  validTo!: Date;

  @Field(() => [FlyerPageInput], { nullable: true, description: 'Pages, at most 20, in order.' })
  pages?: FlyerPageInput[] | null;

  @Field(() => [FlyerItemInput], { nullable: true, description: 'Featured products, at most 100, in order.' })
  items?: FlyerItemInput[] | null;
}

@InputType('UpdateFlyerInput', {
  description: 'Changes to a draft or scheduled flyer: the fields given; pages or items given replace all of them.',
})
export class UpdateFlyerInput {
  @Field(() => ID, { description: 'The flyer.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Title, 1 to 200 characters.' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Description, at most 2000 characters.' })
  description?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Start of validity.' })
  validFrom?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'End of validity, after validFrom.' })
  validTo?: Date | null;

  @Field(() => [FlyerPageInput], { nullable: true, description: 'All the pages, at most 20, in order.' })
  pages?: FlyerPageInput[] | null;

  @Field(() => [FlyerItemInput], { nullable: true, description: 'All the featured products, at most 100.' })
  items?: FlyerItemInput[] | null;
}

@ArgsType()
export class FlyersArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (larger is clamped); default 20.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only flyers of this store of the business.' })
  storeId?: string | null;

  @Field(() => FlyerStatus, { nullable: true, description: 'Only flyers of this status.' })
  status?: FlyerStatus | null;
}
