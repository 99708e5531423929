/**
 * Rows of outbound webhook management (interface: Outbound webhook management). Endpoints belong to
 * the business account of the bearer token, so any business token will do (no scope);
 * a user token is 403 `business_token_required`. The operator credential may read, test and delete
 * any endpoint but not register one (an endpoint needs a business). Another business's endpoint id,
 * like an unknown or malformed one, is 404 `webhook_endpoint_not_found`.
 */
import { VALIDATION_FAILED_DETAIL } from '../../subgraphs/kernel/errors.js';
import { checkedBody } from '../kernel/request-body.js';
import { RequestRejected, type Route, type RouteInput } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as ops from './webhooks.operations.js';
import { DELIVERY_DOC, EVENT_CATALOGUE_DOC, EVENT_SCOPE_DOC, WEBHOOK_SCHEMAS } from './webhooks.schemas.js';

const TAG = 'Webhooks';
const BUSINESS_OR_OPERATOR = { auth: { callers: ['business', 'operator'], scopes: [] } } as const;
const ID_PARAM = {
  id: { type: 'string', description: 'The webhook endpoint (UUIDv7).', maxLength: 64 },
} as const;
const NOT_A_BUSINESS =
  'The token is valid but not a business token: a user token (`business_token_required`). No business scope is needed: ' +
  'any token of the business account will do.';
const NOT_FOUND =
  'No webhook endpoint of the caller’s business has this id (`webhook_endpoint_not_found`): unknown, malformed, deleted, ' +
  'or another business’s.';

/** The body after its shape check; `events` must be strings (their values are the service's to check). */
function registerBody(input: RouteInput) {
  const body = checkedBody(input.body, WEBHOOK_SCHEMAS.RegisterWebhookRequest ?? {}) as {
    url: string;
    events: unknown[];
    secret: string;
  };
  if (body.events.some((e) => typeof e !== 'string'))
    throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, [
      { path: 'events', message: 'must be an array of strings' },
    ]);
  return { input: { url: body.url, events: body.events, secret: body.secret } };
}

export const webhookRoutes: readonly Route[] = [
  {
    ...BUSINESS_OR_OPERATOR,
    method: 'GET',
    path: '/api/v1/webhooks/',
    operation: ops.ListWebhookEndpoints,
    tag: TAG,
    summary: 'List the business’s webhook endpoints',
    description: `Every webhook endpoint of the token’s business account, newest first, with its event types and status (the operator credential: the newest 200 of all businesses). Secrets are never shown.\n\n${DELIVERY_DOC}`,
    result: (data) => ({ items: data.webhookEndpoints }),
    status: 200,
    responseSchema: ref('WebhookEndpointListResponse'),
    errors: { 403: NOT_A_BUSINESS },
  },
  {
    ...BUSINESS_OR_OPERATOR,
    method: 'GET',
    path: '/api/v1/webhooks/:id',
    operation: ops.GetWebhookEndpoint,
    tag: TAG,
    summary: 'Get one webhook endpoint',
    description:
      'The full configuration of one endpoint: URL, event types, status, failure and rotation times. Never its secret.',
    pathParams: ID_PARAM,
    result: (data) => data.webhookEndpoint,
    status: 200,
    responseSchema: ref('WebhookEndpoint'),
    errors: { 403: NOT_A_BUSINESS, 404: NOT_FOUND },
  },
  {
    auth: { callers: ['business'], scopes: [] },
    method: 'POST',
    path: '/api/v1/webhooks/',
    operation: ops.RegisterWebhookEndpoint,
    tag: TAG,
    summary: 'Register a webhook endpoint',
    description:
      'Registers a URL of the token’s business account for the given event types, with its signing secret (stored ' +
      'encrypted, never echoed). Answers 200 (not 201) with `id`, `url`, `events`, `status` (active) and `createdAt`. ' +
      'At most 20 endpoints per business account: a 21st is 409 `webhook_endpoint_limit_reached` (the request is valid; ' +
      `the account's state refuses it, so not a 400).\n\nEvent types:\n\n${EVENT_CATALOGUE_DOC}\n\n${EVENT_SCOPE_DOC}\n\n` +
      DELIVERY_DOC,
    requestBody: { required: true, schema: ref('RegisterWebhookRequest') },
    variables: registerBody,
    result: (data) => data.registerWebhookEndpoint,
    status: 200,
    responseSchema: ref('WebhookEndpointSummary'),
    errors: {
      400:
        'The body is not an object, a field is missing or of the wrong type, or a value is refused: `url` not absolute, not ' +
        'https (in production), with user info or pointing at a refused address; `events` empty or naming unknown types ' +
        '(listed in the message); `secret` too short, too long or a malformed `whsec_` value (`validation_failed`; ' +
        '`errors` names every such field). Nothing is stored.',
      403:
        'The token is valid but not a business token: a user token or the operator credential (`business_token_required`); ' +
        'or `events` names types whose read scope the token lacks (`insufficient_scope`: `detail` names each type and ' +
        'its scope, `WWW-Authenticate` the missing scopes). Nothing is stored.',
      409: 'The business account has 20 endpoints already (`webhook_endpoint_limit_reached`); delete one first.',
    },
  },
  {
    ...BUSINESS_OR_OPERATOR,
    method: 'POST',
    path: '/api/v1/webhooks/test/:id',
    operation: ops.TestWebhookEndpoint,
    tag: TAG,
    summary: 'Send a test event to a webhook endpoint',
    description:
      'Sends a `webhook.test` event (`data`: `{endpointId, message}`) to the endpoint now, signed and addressed like every ' +
      'delivery, and answers 200 with what the receiver answered and how long it took, whether or not it succeeded. ' +
      'The call is recorded among the endpoint’s attempts (trigger `test`) and never retried; it reaches no other ' +
      'endpoint or subscriber. Disabled endpoints may be tested too.',
    pathParams: ID_PARAM,
    result: (data) => data.testWebhookEndpoint,
    status: 200,
    responseSchema: ref('WebhookTestResponse'),
    errors: { 403: NOT_A_BUSINESS, 404: NOT_FOUND },
  },
  {
    ...BUSINESS_OR_OPERATOR,
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    operation: ops.DeleteWebhookEndpoint,
    tag: TAG,
    summary: 'Delete a webhook endpoint',
    description:
      'Deletes the endpoint with its pending deliveries and its attempt log: nothing more is sent to it (an attempt already ' +
      'in flight may still arrive). 204 without a body.',
    pathParams: ID_PARAM,
    result: () => null,
    status: 204,
    responseSchema: null,
    errors: { 403: NOT_A_BUSINESS, 404: NOT_FOUND },
  },
];
