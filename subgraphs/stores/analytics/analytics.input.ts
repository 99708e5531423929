import { ArgsType, Field, ID, Int } from 'type-graphql';

/** The arguments of `analyticsSnapshots`. */
@ArgsType()
export class AnalyticsSnapshotsArgs {
  @Field(() => ID, { description: 'A store of the caller’s business (another’s: NOT_FOUND store_not_found).' })
  storeId!: string;

  @Field(() => String, { description: 'First Asia/Tokyo day, YYYY-MM-DD.' })
  from!: string;

  @Field(() => String, {
    description: 'Last Asia/Tokyo day, YYYY-MM-DD, included; at most 366 days from `from`, both counted.',
  })
  to!: string;

  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 366 (larger is clamped); default 31.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;
}
