/** GraphQL documents of the survey rows. Aliases give the REST field names. */
import type { Operation } from '../kernel/route.js';

export const SurveyCampaignPreview: Operation = {
  name: 'SurveyCampaignPreview',
  document: `query SurveyCampaignPreview($token: String!) {
  surveyCampaign(token: $token) {
    status: windowStatus
    token
    name
    description
    startsAt
    endsAt
    isAnonymous
    store { storeId: id }
    questions { id kind prompt required choices minSelections maxSelections scaleMin scaleMax maxLength }
  }
}`,
};

export const SubmitSurveyResponse: Operation = {
  name: 'SubmitSurveyResponse',
  document: `mutation SubmitSurveyResponse($token: String!, $deviceId: String, $answers: [SurveyAnswerInput!]!) {
  submitSurveyResponse(token: $token, deviceId: $deviceId, answers: $answers) { status responseId problems { questionId reason } }
}`,
};

export const MySurveyResponses: Operation = {
  name: 'MySurveyResponses',
  document: `query MySurveyResponses($limit: Int) {
  mySurveyResponses(limit: $limit) {
    responseId: id
    campaignId
    submittedAt
    campaign { name token }
    answers { questionId choices rating text }
  }
}`,
};
