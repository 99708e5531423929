import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { SegmentRule } from './segment-rule.js';
import { SegmentTargetKind } from './segment.entity.js';

@ArgsType()
export class SegmentsArgs {
  @Field(() => Int, { nullable: true, description: 'Page size: default 20, at most 100.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The cursor of the edge to start after.' })
  after?: string | null;

  @Field(() => ID, { nullable: true, description: 'The operator names the business; a business token reads its own.' })
  businessAccountId?: string | null;
}

@ArgsType()
export class SegmentMembersArgs {
  @Field(() => Int, { nullable: true, description: 'Page size: default 20, at most 100.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The cursor of the edge to start after.' })
  after?: string | null;
}

@InputType('CreateSegmentInput', { description: 'A new segment of the business.' })
export class CreateSegmentInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business (the operator must name it; a business token acts for its own).',
  })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'Name, 1 to 200 characters.' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Description, at most 2000 characters.' })
  description?: string | null;

  @Field(() => SegmentRule, { description: 'The rule: at most 4 levels, 10 rules per and/or, 20 conditions.' })
  rule!: SegmentRule;
}

@InputType('UpdateSegmentInput', { description: 'Changes to a segment; absent fields stay.' })
export class UpdateSegmentInput {
  @Field(() => ID, { description: 'The segment.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Name, 1 to 200 characters.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Description, at most 2000 characters.' })
  description?: string | null;

  @Field(() => SegmentRule, { nullable: true, description: 'A new rule, replacing the old one.' })
  rule?: SegmentRule | null;
}

@InputType('SegmentTargetInput', { description: 'A coupon or flyer of the business for a segment.' })
export class SegmentTargetInput {
  @Field(() => ID, { description: 'The segment.' })
  segmentId!: string;

  @Field(() => SegmentTargetKind, { description: 'coupon or flyer.' })
  kind!: SegmentTargetKind;

  @Field(() => ID, { description: 'The coupon or flyer (of the segment’s business).' })
  contentId!: string;
}
