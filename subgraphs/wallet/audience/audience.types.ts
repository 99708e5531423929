import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

const SUPPRESSED = 'null when fewer than 5 people and the caller lacks crm.profiles.read';

@InputType('AudienceInput', { description: 'The days (Asia/Tokyo) and, optionally, the store to describe.' })
export class AudienceInput {
  @Field(() => ID, { nullable: true, description: 'The operator names the business; a business token reads its own.' })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'First day, YYYY-MM-DD in Asia/Tokyo.' })
  from!: string;

  @Field(() => String, { description: 'Last day, YYYY-MM-DD in Asia/Tokyo; at most 366 days after `from`.' })
  to!: string;

  @Field(() => ID, {
    nullable: true,
    description: 'Only this store of the business: its followers, and members of shop apps that list it.',
  })
  storeId?: string | null;
}

@ObjectType('AudienceDay', { description: 'One Asia/Tokyo day of an audience: totals at its end and its growth.' })
export class AudienceDay {
  @Field(() => String, { description: 'The day, YYYY-MM-DD in Asia/Tokyo.' })
  date!: string;

  @Field(() => Int, {
    nullable: true,
    description: `People following (a favorite store) at the day’s end; ${SUPPRESSED}.`,
  })
  followers!: number | null;

  @Field(() => Int, { nullable: true, description: `People who first followed that day; ${SUPPRESSED}.` })
  newFollowers!: number | null;

  @Field(() => Int, { nullable: true, description: `People holding a membership at the day’s end; ${SUPPRESSED}.` })
  members!: number | null;

  @Field(() => Int, { nullable: true, description: `People who first became members that day; ${SUPPRESSED}.` })
  newMembers!: number | null;
}

@ObjectType('AudienceRank', { description: 'Members by their current rank, among those who joined by the last day.' })
export class AudienceRank {
  @Field(() => String, { nullable: true, description: 'The rank code; null for members without a rank.' })
  rankCode!: string | null;

  @Field(() => Int, { nullable: true, description: `People at this rank; ${SUPPRESSED}.` })
  members!: number | null;
}

@ObjectType('AudienceStore', { description: 'Followers of one store of the business.' })
export class AudienceStore {
  @Field(() => ID, { description: 'The store.' })
  storeId!: string;

  @Field(() => Int, { nullable: true, description: `People following it at the last day’s end; ${SUPPRESSED}.` })
  followers!: number | null;

  @Field(() => Int, { nullable: true, description: `People who started following it in the range; ${SUPPRESSED}.` })
  newFollowers!: number | null;
}

@ObjectType('Audience', {
  description:
    'A business’s audience over Asia/Tokyo days: followers (people with a favorite store of the business) and members (people with a membership at its shop apps). Every figure counts people with live accounts.',
})
export class Audience {
  @Field(() => ID, { description: 'The business.' })
  businessAccountId!: string;

  @Field(() => String, { description: 'First day (YYYY-MM-DD, Asia/Tokyo).' })
  from!: string;

  @Field(() => String, { description: 'Last day (YYYY-MM-DD, Asia/Tokyo).' })
  to!: string;

  @Field(() => ID, { nullable: true, description: 'The store described, or null for the whole business.' })
  storeId!: string | null;

  @Field(() => [AudienceDay], { description: 'Each day from `from` to `to`, in order.' })
  days!: AudienceDay[];

  @Field(() => [AudienceRank], { description: 'Members by current rank (rank history is not kept), by rank code.' })
  byRank!: AudienceRank[];

  @Field(() => [AudienceStore], { description: 'Followers by store of the business, by store id.' })
  byStore!: AudienceStore[];
}
