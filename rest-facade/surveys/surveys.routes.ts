/**
 * Rows of surveys (interface: Surveys). The preview and the submission are open to anyone: a user
 * token attaches its userId, no token answers as a device on an IsAnonymous campaign; the list takes
 * any user token (no special scope, like password and devices).
 */
import { checkedBody } from '../kernel/request-body.js';
import type { Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as ops from './surveys.operations.js';
import { SURVEY_SCHEMAS } from './surveys.schemas.js';

const TAG = 'Surveys';
const NOT_CONSUMER =
  'The token is a business token or the operator credential, not a consumer token (`user_token_required`).';

interface PreviewData {
  readonly store?: { readonly storeId: string } | null;
  readonly [field: string]: unknown;
}

interface ListData {
  readonly campaign: { readonly name: string; readonly token: string } | null;
  readonly [field: string]: unknown;
}

export const surveyRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/surveys/campaign/:token',
    operation: ops.SurveyCampaignPreview,
    tag: TAG,
    summary: 'Preview a survey campaign by its token, questions inlined',
    description:
      'Records nothing. Always 200: `status` is the campaign’s window now (open, inactive, not_started, ended) or `unknown_token` ' +
      'when no campaign has the token (then only `status`). Open to anyone; a token, if sent, must be valid.',
    pathParams: {
      token: { type: 'string', description: 'The campaign token (from a QR code or link).', maxLength: 256 },
    },
    result: (data) => {
      const campaign = data.surveyCampaign as PreviewData | null;
      if (!campaign) return { status: 'unknown_token' };
      const { store, ...rest } = campaign;
      return { ...rest, storeId: store?.storeId ?? null };
    },
    status: 200,
    responseSchema: ref('SurveyCampaignPreviewResponse'),
    errors: {},
  },
  {
    method: 'POST',
    path: '/api/v1/surveys/responses',
    operation: ops.SubmitSurveyResponse,
    tag: TAG,
    summary: 'Submit answers to a survey campaign',
    description:
      'A bearer (consumer) caller gets its userId attached. An anonymous caller must send a stable `deviceId` and the campaign ' +
      'must be IsAnonymous; otherwise the status is `auth_required` and nothing is recorded. The answers are checked against ' +
      'the questions (`invalid_answers` lists each refused answer). When the campaign takes one response per user or device ' +
      '(the default), a second one is `already_submitted`, also under concurrent submissions. A recorded response writes ' +
      '`survey.submitted` to the outbox in the same transaction. Every status is a 200; only `recorded` stores anything. ' +
      'Submissions without a signed-in user are limited per client address and campaign token (default 10 an hour, whatever ' +
      'the `deviceId`): they carry `RateLimit-Policy: "anonymous-survey";q=10;w=3600` and `RateLimit`, and past the limit ' +
      'answer 429 with `Retry-After` and record nothing. Signed-in submissions are not limited by this rule.',
    requestBody: { required: true, schema: ref('SubmitSurveyRequest') },
    variables: (input) => {
      const body = checkedBody(input.body, SURVEY_SCHEMAS.SubmitSurveyRequest ?? {}, SURVEY_SCHEMAS);
      return { token: body.token, answers: body.answers, deviceId: body.deviceId ?? null };
    },
    result: (data) => data.submitSurveyResponse,
    status: 200,
    responseSchema: ref('SurveySubmitResponse'),
    errors: {
      400: 'The body is missing, the token is missing or empty, or there are no answers (`validation_failed`, `errors` names the field).',
      401: 'A bearer token was sent but is invalid, expired or revoked (`invalid_token`).',
      403: NOT_CONSUMER,
      429: 'Too many submissions without a signed-in user from this client address for this campaign (`rate_limited`); retry after `Retry-After` seconds.',
    },
  },
  {
    auth: { callers: ['user'], scopes: [] },
    method: 'GET',
    path: '/api/v1/surveys/me',
    operation: ops.MySurveyResponses,
    tag: TAG,
    summary: "List the signed-in user's survey responses",
    description:
      'Newest first, with each campaign’s name (resolved in one batch). Any consumer token (no special scope). `limit` defaults ' +
      'to 50; above 200 it is clamped to 200; below 1 it is a 400. Anonymous (device) responses are not listed.',
    queryParams: {
      limit: { type: 'int32', description: 'How many: 1 to 200 (above is clamped).', default: 50, minimum: 1 },
    },
    result: (data) => ({
      items: (data.mySurveyResponses as ListData[]).map(({ campaign, ...item }) => ({
        ...item,
        campaignName: campaign?.name ?? null,
        campaignToken: campaign?.token ?? null,
      })),
    }),
    status: 200,
    responseSchema: ref('UserSurveyListResponse'),
    errors: { 400: '`limit` is not an int32 or below 1 (`validation_failed`).', 403: NOT_CONSUMER },
  },
];
