import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';

/** Filters and paging of the public directory search. */
@ArgsType()
export class PublicStoreSearchArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Text matched against name, kana and address (at most 100 characters).',
  })
  q?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Prefecture: JIS code ("13"), Japanese name (東京都) or English name (Tokyo).',
  })
  prefecture?: string | null;

  @Field(() => String, { nullable: true, description: 'Store type from the vocabulary (see `storeTypes`).' })
  storeType?: string | null;

  @Field(() => Int, { nullable: true, description: 'Page number from 1. Default 1.' })
  page?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Page size from 1; default 30, values above 100 are clamped to 100.',
  })
  pageSize?: number | null;
}

/** A new store (operator or, later, the business owner). */
@InputType('CreateStoreInput')
export class CreateStoreInput {
  @Field(() => ID, { description: 'Owning business account.' })
  businessAccountId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: 'Katakana reading; defaults to the name.' })
  nameKana?: string | null;

  @Field(() => String, { description: 'Prefecture: JIS code or name.' })
  prefecture!: string;

  @Field(() => String, { description: 'Store type from the vocabulary.' })
  storeType!: string;

  @Field(() => String, { nullable: true })
  address?: string | null;

  @Field(() => String, { nullable: true })
  postalCode?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'List in the public directory. Default false.' })
  isPublicListing?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Place-directory identifier.' })
  placeId?: string | null;
}
