/**
 * Flyers as consumers see them: published, valid now, of a public store. Only what the printed flyer
 * shows: no business id, status or schedule, and of each featured product its name and prices only.
 */
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';

/** A current flyer (the fields of the Flyer entity a consumer may see). */
@ObjectType('CurrentFlyer', { description: 'A published flyer valid now, as a consumer sees it.' })
export class CurrentFlyer {
  @Field(() => ID, { description: 'The flyer.' })
  id!: string;

  @Field(() => ID, { description: 'The store the flyer is for.' })
  storeId!: string;

  @Field(() => String, { description: 'Title.' })
  title!: string;

  @Field(() => String, { description: 'Description (may be empty).' })
  description!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'Start of the period the flyer is valid for.' })
  validFrom!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'End of the period (the flyer is hidden from then on).' })
  validTo!: Date;

  /** Typed as the entity's (nullable); a current flyer always has it (CurrentFlyerService's SQL). */
  @Field(() => GraphQLDateTimeISO, { description: 'When it was published.' })
  publishedAt?: Date | null;
}

/** A featured product of a current flyer, built by the resolver from the item and its product. */
@ObjectType('CurrentFlyerItem', { description: 'A product featured on a current flyer, with its prices.' })
export class CurrentFlyerItem {
  @Field(() => Int, { description: 'Position of the item, from 0.' })
  position!: number;

  @Field(() => String, { nullable: true, description: 'The product’s name; null when it no longer exists.' })
  productName!: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The product’s regular price now, in minor units of `currency` (yen for JPY); null when it is gone.',
  })
  regularPriceAmount!: number | null;

  @Field(() => Int, { description: 'Sale price in minor units of `currency` (yen for JPY).' })
  salePriceAmount!: number;

  @Field(() => String, { description: 'ISO 4217 currency code of the prices.' })
  currency!: string;

  @Field(() => String, { nullable: true, description: 'A note of the store.' })
  note!: string | null;
}

/** A page of the current flyers of the user's favorite stores (Relay), newest first. */
export const CurrentFlyerConnection = connectionType(
  'CurrentFlyer',
  CurrentFlyer,
  'A page of the current flyers of the user’s favorite stores, newest published first.',
);
export type CurrentFlyerConnection = InstanceType<typeof CurrentFlyerConnection>;

/** Paging of myFlyers. */
@ArgsType()
export class MyFlyersArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (larger is clamped); default 20.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;
}
