/**
 * Rows of notification tokens (interface: Notification tokens): a customer's device registers the
 * push token it has on a channel, or unregisters it. Who may call: the
 * customer's own user token (any scope; `customerId` defaults to the caller's customer at the shop),
 * a business token of the shop app's business with `store.customers.write`, or the operator (these
 * two name the customer). The values are checked by the wallet service, so GraphQL refuses the same.
 */
import { checkedBody } from '../kernel/request-body.js';
import type { JsonSchema, Operation, Route, RouteInput } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const TAG = 'Notification tokens';
const AUTH = { auth: { callers: ['operator', 'user', 'business'], scopes: ['store.customers.write'] } } as const;
const SHOP_PARAM = {
  shopId: { type: 'string', description: 'The shop app, as in /api/v1/apps/{shopId}.', example: 'sakura-cafe' },
} as const;

const CHANNELS = ['apns', 'fcm', 'web', 'apple-wallet'];
const CHANNEL_DOC =
  'Push channel: `apns` the shop’s iOS app through Apple Push Notification service (token: the APNs device token, hex); ' +
  '`fcm` its Android or iOS app through Firebase Cloud Messaging (token: the FCM registration token); `web` its web app ' +
  'through Web Push (token: the browser’s PushSubscription as JSON, with an https `endpoint`); `apple-wallet` an Apple ' +
  'Wallet pass on the device (device: the deviceLibraryIdentifier, token: the APNs push token, hex; the pass web service ' +
  'registers these, wallet push sends to them).';
const CUSTOMER_ID: JsonSchema = {
  type: ['string', 'null'],
  format: 'uuid',
  description:
    'The customer. Required with a business token or the operator credential. With a user token it may be left out: the ' +
    'caller’s own customer at the shop; when given it must be that customer (another user’s is 404).',
};
const ADDRESS = {
  customerId: CUSTOMER_ID,
  channel: { type: 'string', enum: CHANNELS, description: CHANNEL_DOC },
  deviceId: {
    type: 'string',
    pattern: '^[\\x21-\\x7E]{1,128}$',
    description:
      'Identifier of the device, chosen by the app (Apple’s deviceLibraryIdentifier for `apple-wallet`): ' +
      '1 to 128 visible ASCII characters, no spaces.',
  },
} as const;

export const tokensSchemas: Readonly<Record<string, JsonSchema>> = {
  RegisterTokenRequest: {
    type: 'object',
    description:
      'Interface: RegisterTokenRequest. The push token of one device of a customer on one channel. Fields not listed here ' +
      'are ignored.',
    required: ['channel', 'deviceId', 'token'],
    properties: {
      ...ADDRESS,
      token: {
        type: 'string',
        minLength: 1,
        maxLength: 4096,
        description:
          'The push token, 1 to 4096 characters, no control characters, in the channel’s format: `apns` and `apple-wallet` ' +
          '64 to 200 hex digits; `fcm` no spaces; `web` a PushSubscription as JSON with an https `endpoint`. Stored ' +
          'encrypted; never returned.',
      },
    },
  },
  RegisterTokenResponse: {
    type: 'object',
    description: 'Interface: RegisterTokenResponse. The registered token, without its push token.',
    required: ['id', 'customerId', 'channel', 'deviceId', 'lastSeenAt', 'created'],
    properties: {
      id: {
        type: 'string',
        format: 'uuid',
        description: 'The token record; the same for every registration of the triple.',
      },
      customerId: { type: 'string', format: 'uuid', description: 'The customer the device belongs to.' },
      channel: { type: 'string', enum: CHANNELS },
      deviceId: { type: 'string', description: 'The device, as sent.' },
      lastSeenAt: {
        type: 'string',
        format: 'date-time',
        description: 'When the device last registered (RFC 3339, UTC).',
      },
      created: {
        type: 'boolean',
        description: 'True when this call created the record; false when it replaced the token of an existing one.',
      },
    },
  },
  UnregisterTokenRequest: {
    type: 'object',
    description: 'Interface: UnregisterTokenRequest. Which token to remove. Fields not listed here are ignored.',
    required: ['channel', 'deviceId'],
    properties: ADDRESS,
  },
};

const FIELDS = 'id customerId channel deviceId lastSeenAt';

const RegisterNotificationToken: Operation = {
  name: 'RegisterNotificationToken',
  document: `mutation RegisterNotificationToken($shopId: String!, $input: RegisterNotificationTokenInput!) {
  registerNotificationToken(shopId: $shopId, input: $input) { created token { ${FIELDS} } }
}`,
};

const UnregisterNotificationToken: Operation = {
  name: 'UnregisterNotificationToken',
  document: `mutation UnregisterNotificationToken($shopId: String!, $input: UnregisterNotificationTokenInput!) {
  unregisterNotificationToken(shopId: $shopId, input: $input)
}`,
};

const withBody = (schema: string) => (input: RouteInput) => ({
  shopId: input.path.shopId,
  input: checkedBody(input.body, tokensSchemas[schema] ?? {}),
});

const INVALID =
  'The body is not a JSON object, a field is missing or of the wrong type, or a value is invalid: `customerId` missing with a ' +
  'business token or the operator credential or not a UUID, an unknown `channel`, a bad `deviceId`';
const FORBIDDEN =
  'The token is a business token without `store.customers.write` (`insufficient_scope`). A user token needs no scope.';
const NOT_FOUND =
  'No such customer that the caller may act on (`customer_not_found`): an unknown shopId, an unknown customerId or one of ' +
  'another shop app, another user’s customer, a customer of another business’s shop app, or a user token without ' +
  '`customerId` whose user is no customer of the shop app (registering does not make them one). Nothing is changed.';

export const tokensRoutes: readonly Route[] = [
  {
    ...AUTH,
    method: 'POST',
    path: '/api/v1/apps/:shopId/tokens/register',
    operation: RegisterNotificationToken,
    tag: TAG,
    summary: 'Register a push notification token of a customer device',
    description:
      'Idempotent per (customer, channel, device): the first call stores the token (`created: true`); repeating it replaces ' +
      'the token and bumps `lastSeenAt` (`created: false`, same `id`). Concurrent registrations of one triple leave one ' +
      'record. Always 200.',
    pathParams: SHOP_PARAM,
    requestBody: { required: true, schema: ref('RegisterTokenRequest') },
    variables: withBody('RegisterTokenRequest'),
    result: (data) => {
      const { created, token } = data.registerNotificationToken as { created: boolean; token: Record<string, unknown> };
      return { ...token, created };
    },
    status: 200,
    responseSchema: ref('RegisterTokenResponse'),
    errors: {
      400: `${INVALID} or a \`token\` not in the channel’s format (\`validation_failed\`; \`errors\` names every such field). Nothing is changed.`,
      403: FORBIDDEN,
      404: NOT_FOUND,
    },
  },
  {
    ...AUTH,
    method: 'POST',
    path: '/api/v1/apps/:shopId/tokens/unregister',
    operation: UnregisterNotificationToken,
    tag: TAG,
    summary: 'Unregister a push notification token of a customer device',
    description:
      'Removes the token of (customer, channel, device): nothing more is sent to it (for `apple-wallet`, the pass on that ' +
      'device gets no more wallet pushes). Idempotent: 204 whether or not a token was registered.',
    pathParams: SHOP_PARAM,
    requestBody: { required: true, schema: ref('UnregisterTokenRequest') },
    variables: withBody('UnregisterTokenRequest'),
    result: () => null,
    status: 204,
    responseSchema: null,
    errors: {
      400: `${INVALID} (\`validation_failed\`; \`errors\` names every such field).`,
      403: FORBIDDEN,
      404: NOT_FOUND,
    },
  },
];
