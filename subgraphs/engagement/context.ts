import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { keyedLoader } from '../kernel/loaders.js';
import { CheckInCampaign } from './check-in-campaign/check-in-campaign.entity.js';
import { CheckInCampaignService } from './check-in-campaign/check-in-campaign.service.js';
import { CheckInCampaignManagementService } from './check-in-campaign/check-in-campaign-management.service.js';
import { CheckInService } from './check-in/check-in.service.js';
import { CheckInResultsService } from './check-in-results/check-in-results.service.js';
import { SurveyCampaign } from './survey-campaign/survey-campaign.entity.js';
import { SurveyCampaignService } from './survey-campaign/survey-campaign.service.js';
import { SurveyResponseService } from './survey-response/survey-response.service.js';
import { SurveyResultsService } from './survey-results/survey-results.service.js';
import { WebhookEndpointService } from './webhook-endpoint/webhook-endpoint.service.js';
import { EngagementProfileService } from './customer-profile/customer-profile.service.js';

/** The engagement subgraph's per-request context: loaders and services bound to this request. */
export interface EngagementContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly checkInCampaigns: CheckInCampaignService;
  readonly checkInCampaignManagement: CheckInCampaignManagementService;
  readonly checkIns: CheckInService;
  readonly checkInResults: CheckInResultsService;
  readonly surveyCampaigns: SurveyCampaignService;
  readonly surveyResponses: SurveyResponseService;
  readonly surveyResults: SurveyResultsService;
  readonly webhookEndpoints: WebhookEndpointService;
  readonly customerProfiles: EngagementProfileService;
}

function createLoaders(ctx: BaseContext, webhookEndpoints: WebhookEndpointService) {
  return {
    checkInCampaignById: keyedLoader<string, CheckInCampaign>(
      (ids) => ctx.em.find(CheckInCampaign, { id: { $in: ids.filter(isUuid) } }),
      (c) => c.id,
    ),
    surveyCampaignById: keyedLoader<string, SurveyCampaign>(
      (ids) => ctx.em.find(SurveyCampaign, { id: { $in: ids.filter(isUuid) } }),
      (c) => c.id,
    ),
    webhookEndpointById: keyedLoader(
      (ids: readonly string[]) => webhookEndpoints.findByIds(ids),
      (e) => e.id,
    ),
  };
}

export function createEngagementContext(base: BaseContext): EngagementContext {
  const webhookEndpoints = new WebhookEndpointService(base);
  const surveyCampaigns = new SurveyCampaignService(base);
  return {
    ...base,
    loaders: createLoaders(base, webhookEndpoints),
    checkInCampaigns: new CheckInCampaignService(base),
    checkInCampaignManagement: new CheckInCampaignManagementService(base),
    checkIns: new CheckInService(base),
    checkInResults: new CheckInResultsService(base),
    surveyCampaigns,
    surveyResponses: new SurveyResponseService(base, surveyCampaigns),
    surveyResults: new SurveyResultsService(base, surveyCampaigns),
    webhookEndpoints,
    customerProfiles: new EngagementProfileService(base),
  };
}
