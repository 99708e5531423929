/**
 * Rows of consumers' check-ins (interface: Check-ins). Any user token will do (access table:
 * `user(null)`, like password and devices); a business token or the operator credential gets 403
 * `user_token_required`, as POST /api/v1/surveys/responses answers it. Not 401: the interface's 401
 * is for a missing, invalid, expired or revoked token (RFC 6750 invalid_token), which a client fixes
 * by getting a new token; a valid token of the wrong kind is a 403, as every endpoint answers it.
 */
import { VALIDATION_FAILED_DETAIL } from '../../subgraphs/kernel/errors.js';
import { checkedBody } from '../kernel/request-body.js';
import { RequestRejected, type Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as ops from './checkins.operations.js';
import { CHECKIN_SCHEMAS } from './checkins.schemas.js';

const TAG = 'Check-ins';
const AUTH = { auth: { callers: ['user'], scopes: [] } } as const;
const NOT_A_CONSUMER =
  'The token is valid but not a consumer token: a business token or the operator credential (`user_token_required`, as ' +
  'surveys answer it; not 401, which means the token itself is missing, invalid, expired or revoked). No user scope is ' +
  'needed: any user token will do.';

/** The body's token after its shape check; a blank token is a 400 naming `/token`. */
function checkInBody(input: { readonly body: unknown }) {
  const { token } = checkedBody(input.body, CHECKIN_SCHEMAS.CreateCheckInRequest ?? {}) as { token: string };
  if (token.trim() === '')
    throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, [
      { path: 'token', message: 'must not be blank' },
    ]);
  return { token };
}

export const checkInRoutes: readonly Route[] = [
  {
    ...AUTH,
    method: 'POST',
    path: '/api/v1/checkins',
    operation: ops.RecordCheckIn,
    tag: TAG,
    summary: 'Check in with a campaign token',
    description:
      'Records a check-in of the signed-in user for the campaign, or answers why not: always 200, `status` recorded or ' +
      'rejected with a `reason`. One check-in per user per store per store-local day (the store’s time zone, Asia/Tokyo by ' +
      'default) unless the campaign allows repeats; concurrent duplicates record once. A recorded check-in writes ' +
      '`checkin.recorded` to the event outbox in the same statement.',
    requestBody: { required: true, schema: ref('CreateCheckInRequest') },
    variables: checkInBody,
    result: (data) => data.recordCheckIn,
    status: 200,
    responseSchema: ref('CheckInResponse'),
    errors: {
      400: 'The body is not an object, or `token` is missing, not a string or blank (`validation_failed`; `errors` names it).',
      403: NOT_A_CONSUMER,
    },
  },
  {
    ...AUTH,
    method: 'GET',
    path: '/api/v1/checkins/campaign/:token',
    operation: ops.CheckInCampaignPreview,
    tag: TAG,
    summary: 'Preview a check-in campaign by its token',
    description:
      'The campaign’s name, description, store and window, and `status`: `open` or why a check-in would be rejected now. ' +
      'Records nothing. An unknown token is 200 with `status` unknown_token (never 404).',
    pathParams: { token: { type: 'string', description: 'The campaign token.', maxLength: 2048 } },
    result: (data) => data.checkInCampaignPreview,
    status: 200,
    responseSchema: ref('CheckInCampaignPreviewResponse'),
    errors: { 403: NOT_A_CONSUMER },
  },
  {
    ...AUTH,
    method: 'GET',
    path: '/api/v1/checkins/me',
    operation: ops.MyCheckIns,
    tag: TAG,
    summary: 'List the signed-in user’s check-ins',
    description:
      'Newest first, with campaign and store names. `limit` defaults to 50; above 200 it is clamped to 200 (the interface ' +
      'caps it; no error), below 1 is a 400.',
    queryParams: {
      limit: {
        type: 'int32',
        description: 'How many, default 50; values above 200 are clamped to 200; at least 1.',
        default: 50,
        minimum: 1,
      },
    },
    result: (data) => ({ items: data.myCheckIns }),
    status: 200,
    responseSchema: ref('UserCheckInListResponse'),
    errors: {
      400: '`limit` is not a 32-bit integer, given twice, or below 1 (`validation_failed`; `errors` names it).',
      403: NOT_A_CONSUMER,
    },
  },
];
