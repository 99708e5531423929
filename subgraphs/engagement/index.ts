/** The engagement subgraph: check-in and survey campaigns, and outbound webhook endpoints and deliveries. */
import { buildFederatedSchema } from '../kernel/federation.js';
import { ENGAGEMENT_ACCESS } from './access.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { resolveSecretsKey } from '../kernel/auth/secrets-key.js';
import { webhookDispatchLoop, webhookFanOut } from './webhook-delivery/webhook-dispatcher.js';
import { CheckInCampaign } from './check-in-campaign/check-in-campaign.entity.js';
import { CheckInCampaignResolver } from './check-in-campaign/check-in-campaign.resolver.js';
import { CheckInCampaignManagementResolver } from './check-in-campaign/check-in-campaign-management.resolver.js';
import { CheckIn } from './check-in/check-in.entity.js';
import { CheckInResolver } from './check-in/check-in.resolver.js';
import { CheckInPreviewResolver } from './check-in/check-in-preview.resolver.js';
import { CheckInResultsResolver } from './check-in-results/check-in-results.resolver.js';
import { createEngagementContext, type EngagementContext } from './context.js';
import { SurveyCampaign } from './survey-campaign/survey-campaign.entity.js';
import { SurveyCampaignResolver } from './survey-campaign/survey-campaign.resolver.js';
import { SurveyResponse } from './survey-response/survey-response.entity.js';
import { SurveyResponseResolver } from './survey-response/survey-response.resolver.js';
import { SurveyResultsResolver } from './survey-results/survey-results.resolver.js';
import { WebhookAttempt } from './webhook-delivery/webhook-attempt.entity.js';
import { WebhookDelivery } from './webhook-delivery/webhook-delivery.entity.js';
import { WebhookEndpoint } from './webhook-endpoint/webhook-endpoint.entity.js';
import { WebhookEndpointResolver } from './webhook-endpoint/webhook-endpoint.resolver.js';
import { WebhookManagementResolver } from './webhook-endpoint/webhook-management.resolver.js';
// issue 15: customer profiles
import { EngagementCustomerProfile } from './customer-profile/customer-profile.types.js';
import {
  CustomerProfileSurveyResponseResolver,
  EngagementCustomerProfileResolver,
} from './customer-profile/customer-profile.resolver.js';

export { ENGAGEMENT_ACCESS } from './access.js';
export { CheckInCampaign } from './check-in-campaign/check-in-campaign.entity.js';
export { SurveyCampaign } from './survey-campaign/survey-campaign.entity.js';
export { WebhookEndpoint, WebhookEndpointStatus } from './webhook-endpoint/webhook-endpoint.entity.js';

export const engagementSubgraph: SubgraphModule<EngagementContext> = {
  name: 'engagement',
  access: ENGAGEMENT_ACCESS,
  // Outbound webhooks: deliveries written as events are published, POSTed by the worker's loop.
  publishHooks: () => [webhookFanOut()],
  loops: (env) => [
    webhookDispatchLoop(
      {
        secretsKey: resolveSecretsKey(env),
        timeoutMs: env.events.webhookTimeoutMs,
        allowPrivate: env.events.allowPrivateReceivers,
      },
      env.events.dispatchPollMs,
    ),
  ],
  entities: [
    CheckInCampaign,
    CheckIn,
    SurveyCampaign,
    SurveyResponse,
    WebhookEndpoint,
    WebhookDelivery,
    WebhookAttempt,
  ],
  buildSchema: () =>
    buildFederatedSchema(
      {
        resolvers: [
          CheckInCampaignResolver,
          CheckInCampaignManagementResolver,
          CheckInResolver,
          CheckInPreviewResolver,
          CheckInResultsResolver,
          SurveyCampaignResolver,
          SurveyResponseResolver,
          SurveyResultsResolver,
          WebhookEndpointResolver,
          WebhookManagementResolver,
          EngagementCustomerProfileResolver,
          CustomerProfileSurveyResponseResolver,
        ],
        // issue 15: reachable only through federation references
        orphanedTypes: [EngagementCustomerProfile],
      },
      {
        CheckInCampaign: {
          __resolveReference: (ref: { id: string }, ctx: EngagementContext) =>
            ctx.loaders.checkInCampaignById.load(ref.id),
        },
        SurveyCampaign: {
          __resolveReference: (ref: { id: string }, ctx: EngagementContext) =>
            ctx.loaders.surveyCampaignById.load(ref.id),
        },
        WebhookEndpoint: {
          __resolveReference: (ref: { id: string }, ctx: EngagementContext) =>
            ctx.loaders.webhookEndpointById.load(ref.id),
        },
        // issue 15: a profile of the caller's business with crm.profiles.read, else null.
        CustomerProfile: {
          __resolveReference: (ref: { id: string }, ctx: EngagementContext) => ctx.customerProfiles.reference(ref.id),
        },
      },
    ),
  createContext: createEngagementContext,
};
