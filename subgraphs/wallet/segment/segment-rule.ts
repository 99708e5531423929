/**
 * The rule tree of a segment, one class per node kind, each both a GraphQL input (`...Input`) and the
 * output it is read back as. A node sets exactly one of its fields: `all` (and), `any` (or), or one
 * leaf condition. Stored as jsonb in the same shape (only the field that is set).
 */
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('SpentRule', { description: 'Spent at least `atLeast` JPY at the business in the last `days` days.' })
@InputType('SpentRuleInput', { description: 'Spent at least `atLeast` JPY at the business in the last `days` days.' })
export class SpentRule {
  @Field(() => Int, { description: 'The least total, in JPY (0 to 1000000000).' })
  atLeast!: number;

  @Field(() => Int, {
    description: 'Days, counted in Asia/Tokyo calendar days including today (1 to 730): 1 is today since 00:00 JST.',
  })
  days!: number;
}

@ObjectType('StoreRule', { description: 'A store of the business.' })
@InputType('StoreRuleInput', { description: 'A store of the business.' })
export class StoreRule {
  @Field(() => ID, { description: 'The store.' })
  storeId!: string;
}

@ObjectType('FavoritedRule', { description: 'Favorited a store of the business (a given one, or any).' })
@InputType('FavoritedRuleInput', { description: 'Favorited a store of the business (a given one, or any).' })
export class FavoritedRule {
  @Field(() => ID, { nullable: true, description: 'The store; null for any store of the business.' })
  storeId?: string | null;
}

@ObjectType('CampaignRule', { description: 'A check-in campaign of the business.' })
@InputType('CampaignRuleInput', { description: 'A check-in campaign of the business.' })
export class CampaignRule {
  @Field(() => ID, { description: 'The check-in campaign.' })
  campaignId!: string;
}

@ObjectType('RankRule', { description: 'Holds a membership of the business at this rank.' })
@InputType('RankRuleInput', { description: 'Holds a membership of the business at this rank.' })
export class RankRule {
  @Field(() => String, { description: 'The rank code of the membership card (1 to 64 characters).' })
  rankCode!: string;
}

@ObjectType('AnsweredRule', { description: 'Answered question `questionId` of a survey of the business so.' })
@InputType('AnsweredRuleInput', {
  description: 'Answered question `questionId` of a survey of the business so: give exactly one of choice and rating.',
})
export class AnsweredRule {
  @Field(() => ID, { description: 'The survey campaign.' })
  campaignId!: string;

  @Field(() => String, { description: 'The question id within the survey.' })
  questionId!: string;

  @Field(() => String, { nullable: true, description: 'A choice the answer includes.' })
  choice?: string | null;

  @Field(() => Int, { nullable: true, description: 'The rating the answer gave.' })
  rating?: number | null;
}

@ObjectType('SegmentRule', {
  description: 'A node of a segment’s rule: exactly one of all, any or a leaf condition is set.',
})
@InputType('SegmentRuleInput', {
  description: 'A node of a segment’s rule: set exactly one of all, any or a leaf condition.',
})
export class SegmentRule {
  @Field(() => [SegmentRule], { nullable: true, description: 'Every one of these holds (and).' })
  all?: SegmentRule[] | null;

  @Field(() => [SegmentRule], { nullable: true, description: 'At least one of these holds (or).' })
  any?: SegmentRule[] | null;

  @Field(() => SpentRule, { nullable: true, description: 'Spent at least an amount in the last days.' })
  spent?: SpentRule | null;

  @Field(() => StoreRule, {
    nullable: true,
    description: 'Visited the store: claimed a receipt of it or checked in there.',
  })
  visited?: StoreRule | null;

  @Field(() => CampaignRule, { nullable: true, description: 'Checked in to the campaign.' })
  checkedIn?: CampaignRule | null;

  @Field(() => FavoritedRule, { nullable: true, description: 'Favorited a store of the business.' })
  favorited?: FavoritedRule | null;

  @Field(() => RankRule, { nullable: true, description: 'Holds a membership at the rank.' })
  rank?: RankRule | null;

  @Field(() => AnsweredRule, { nullable: true, description: 'Answered a survey question so.' })
  answered?: AnsweredRule | null;
}

/** The kinds of node, in the order their field appears. */
export const RULE_KINDS = ['all', 'any', 'spent', 'visited', 'checkedIn', 'favorited', 'rank', 'answered'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** A checked rule: a plain tree, the shape stored and compiled (kernel/segments/rule.ts). */
export type { Rule } from '../../kernel/segments/rule.js';
