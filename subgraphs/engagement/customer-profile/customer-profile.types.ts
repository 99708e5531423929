import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { SurveyAnswer } from '../survey-response/survey-response.types.js';

/** The engagement subgraph's part of a customer profile (the wallet owns the entity; decision 0021). */
@ObjectType('CustomerProfile', {
  description:
    "One customer of the business as the business knows them (crm.profiles.read): the customer record, memberships and points, and, from the other subgraphs, receipts and orders, visits, check-ins, survey answers and favorites, each only at this business. The id is the customer record's.",
})
@Directive('@key(fields: "id")')
export class EngagementCustomerProfile {
  @Field(() => ID, { description: 'The profile id: the id of the business customer record it is built on.' })
  id!: string;
}

@ObjectType('CustomerProfileCheckIns', { description: "A customer's check-ins at the business's campaigns." })
export class CustomerProfileCheckIns {
  @Field(() => Int, { description: 'How many check-ins.' })
  count!: number;

  @Field(() => Int, { description: 'At how many of the business’s stores.' })
  storeCount!: number;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'The first check-in; null for none.' })
  firstAt!: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'The latest check-in; null for none.' })
  lastAt!: Date | null;
}

@ObjectType('CustomerProfileSurveyResponse', {
  description: "A customer's response to one of the business's (not anonymous) survey campaigns.",
})
export class CustomerProfileSurveyResponse {
  @Field(() => ID, { description: 'The response.' })
  id!: string;

  /** The campaign answered (exposed as `campaign`). */
  campaignId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was submitted.' })
  submittedAt!: Date;

  @Field(() => [SurveyAnswer], { description: 'The answers, in the order of the questions.' })
  answers!: SurveyAnswer[];
}
