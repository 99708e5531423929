/** Who may call each root operation of the engagement subgraph (combined by the kernel's access table). */
import {
  anyOf,
  business,
  OPERATOR,
  PUBLIC,
  user,
  type AccessRule,
  type AccessTable,
} from '../kernel/auth/operation-access.js';

/** Outbound webhooks: any token of a business account, for its own endpoints; others are business_token_required. */
const WEBHOOK_BUSINESS: AccessRule = { business: null, othersReason: 'business_token_required' };

export const ENGAGEMENT_ACCESS: AccessTable = {
  // Campaign previews by token (the engagement issue decides their final rules).
  'Query.checkInCampaign': PUBLIC,
  'Query.surveyCampaign': PUBLIC,
  // Check-in campaign management: the business's own campaigns (the service checks ownership), or the operator.
  'Query.businessCheckInCampaigns': anyOf(OPERATOR, business('store.campaigns.read')),
  'Mutation.createCheckInCampaign': anyOf(OPERATOR, business('store.campaigns.write')),
  'Mutation.updateCheckInCampaign': anyOf(OPERATOR, business('store.campaigns.write')),
  // Check-in results: the business's own campaigns and stores (the service checks ownership), or the operator.
  'Query.checkInResults': anyOf(OPERATOR, business('store.campaigns.read')),
  'Query.checkInResultsCsv': anyOf(OPERATOR, business('store.campaigns.read')),
  // Check-ins of the consumer: any user token (like password and devices; no special scope). Another
  // kind of token is refused as user_token_required, as submitSurveyResponse refuses it.
  'Mutation.recordCheckIn': user(null, 'user_token_required'),
  'Query.myCheckIns': user(null, 'user_token_required'),
  'Query.checkInCampaignPreview': user(null, 'user_token_required'),
  // Survey campaign management: the business's own campaigns (the service checks ownership), or the operator.
  'Query.businessSurveyCampaigns': anyOf(OPERATOR, business('store.campaigns.read')),
  'Mutation.createSurveyCampaign': anyOf(OPERATOR, business('store.campaigns.write')),
  'Mutation.updateSurveyCampaign': anyOf(OPERATOR, business('store.campaigns.write')),
  // Survey results: the business's own campaigns (the service checks ownership), or the operator.
  'Query.surveyResults': anyOf(OPERATOR, business('store.campaigns.read')),
  'Query.surveyResponsesCsv': anyOf(OPERATOR, business('store.campaigns.read')),
  // Survey answers: a user token or none (anonymous campaigns, with a device id; the service decides
  // auth_required). The consumer's history takes any user token (like password and devices).
  'Mutation.submitSurveyResponse': PUBLIC,
  'Query.mySurveyResponses': user(null),
  // Outbound webhook endpoints: the business's own (the service checks ownership; another business's
  // id is not found), or the operator (the CLI: webhook:rotate-secret, webhook:deliveries). Registering
  // needs a business token: an endpoint belongs to the token's business account.
  'Query.webhookEndpoints': anyOf(OPERATOR, WEBHOOK_BUSINESS),
  'Query.webhookEndpoint': anyOf(OPERATOR, WEBHOOK_BUSINESS),
  'Query.webhookAttempts': anyOf(OPERATOR, WEBHOOK_BUSINESS),
  'Mutation.registerWebhookEndpoint': WEBHOOK_BUSINESS,
  'Mutation.deleteWebhookEndpoint': anyOf(OPERATOR, WEBHOOK_BUSINESS),
  'Mutation.testWebhookEndpoint': anyOf(OPERATOR, WEBHOOK_BUSINESS),
  'Mutation.rotateWebhookEndpointSecret': anyOf(OPERATOR, WEBHOOK_BUSINESS),
  'Mutation.enableWebhookEndpoint': anyOf(OPERATOR, WEBHOOK_BUSINESS),
  'Mutation.resendWebhookEvent': anyOf(OPERATOR, WEBHOOK_BUSINESS),
};
