import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { CustomerProfileRef } from '../../kernel/privacy/customer-profile.js';
import type { EngagementContext } from '../context.js';
import { SurveyCampaign } from '../survey-campaign/survey-campaign.entity.js';
import {
  CustomerProfileCheckIns,
  CustomerProfileSurveyResponse,
  EngagementCustomerProfile,
} from './customer-profile.types.js';
import { PROFILE_SURVEY_RESPONSES } from './customer-profile.service.js';

/** The engagement subgraph's fields of a customer profile: check-ins, last visit, survey responses. */
@Resolver(() => EngagementCustomerProfile)
export class EngagementCustomerProfileResolver {
  @FieldResolver(() => CustomerProfileCheckIns, {
    description:
      "The person's check-ins at the business's campaigns (by the record's user; none for a storefront or staff record).",
  })
  checkIns(@Root() ref: CustomerProfileRef, @Ctx() ctx: EngagementContext): Promise<CustomerProfileCheckIns> {
    return ctx.customerProfiles.checkIns(ref);
  }

  @FieldResolver(() => GraphQLDateTimeISO, {
    nullable: true,
    description:
      "The person's last visit the service can prove: their latest check-in at one of the business's campaigns; null for none.",
  })
  async lastVisitAt(@Root() ref: CustomerProfileRef, @Ctx() ctx: EngagementContext): Promise<Date | null> {
    return (await ctx.customerProfiles.checkIns(ref)).lastAt;
  }

  @FieldResolver(() => [CustomerProfileSurveyResponse], {
    description: `The person's newest responses (at most ${PROFILE_SURVEY_RESPONSES}) to the business's survey campaigns, newest first; responses to anonymous campaigns are never shown.`,
  })
  surveyResponses(
    @Root() ref: CustomerProfileRef,
    @Ctx() ctx: EngagementContext,
  ): Promise<CustomerProfileSurveyResponse[]> {
    return ctx.customerProfiles.surveyResponses(ref);
  }
}

/** The campaign of a profile's survey response (one query per page, the campaigns' loader). */
@Resolver(() => CustomerProfileSurveyResponse)
export class CustomerProfileSurveyResponseResolver {
  @FieldResolver(() => SurveyCampaign, { nullable: true, description: 'The survey campaign answered.' })
  campaign(
    @Root() response: CustomerProfileSurveyResponse,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyCampaign | null> {
    return ctx.loaders.surveyCampaignById.load(response.campaignId);
  }
}
