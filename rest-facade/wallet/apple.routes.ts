/**
 * Rows of the wallet area owned by the apple part: the customer's Apple Wallet pass (mobile-a) and
 * Apple's pass web service under `/api/v1/wallet/apple` (the passes' `webServiceURL`; Apple Wallet
 * appends `/v1/...`). The web service rows are public: they authenticate with the pass's own
 * `Authorization: ApplePass <authenticationToken>`, which they hand to GraphQL as a variable.
 */
import { VALIDATION_FAILED_DETAIL } from '../../subgraphs/kernel/errors.js';
import { checkedBody } from '../kernel/request-body.js';
import { ref } from '../kernel/schemas.js';
import { RequestRejected, type BinaryPayload, type JsonSchema, type Route, type RouteInput } from '../kernel/route.js';
import * as apple from './apple.operations.js';

const TAG = 'Wallet passes';
const WEB_SERVICE_TAG = 'Apple Wallet web service';
const WEB_SERVICE = '/api/v1/wallet/apple/v1';
const PKPASS = 'application/vnd.apple.pkpass';

const SHOP_CUSTOMER = {
  shopId: { type: 'string', description: 'The shop app.', maxLength: 64 },
  customerId: { type: 'string', description: 'The customer (a membership of a user at the shop app).', maxLength: 64 },
} as const;
const DEVICE = {
  deviceLibraryIdentifier: { type: 'string', description: 'The device (Apple Wallet library) id.', maxLength: 128 },
} as const;
const PASS_TYPE = {
  passTypeIdentifier: { type: 'string', description: 'The pass type id of the pass.', maxLength: 255 },
} as const;
const SERIAL = {
  serialNumber: { type: 'string', description: 'The serial number of the pass.', maxLength: 64 },
} as const;

const NOT_CONFIGURED =
  'Apple Wallet signing material (pass type id, team id, pass certificate and key, WWDR certificate) is not configured here (`wallet_not_configured`).';
const BAD_PASS_TOKEN =
  'No `Authorization: ApplePass <token>` of this pass: missing, wrong, or an unknown serial or pass type, also when no pass type is configured here (`invalid_pass_token`).';
const BAD_PATH = 'A path parameter is longer than allowed (`validation_failed`).';

const PassFileAnswer = { kind: 'binary', mediaTypes: [PKPASS] } as const;

/** The pass file in `data[field]` as the bytes the facade answers. */
function passFile(field: string) {
  return (data: Record<string, unknown>): BinaryPayload => {
    const file = data[field] as { contentType: string; base64: string; filename: string; lastModified: string };
    return {
      contentType: file.contentType,
      bytes: Buffer.from(file.base64, 'base64'),
      filename: file.filename,
      lastModified: new Date(file.lastModified),
    };
  };
}

/** Path parameters and the ApplePass authorization, as the web service operations take them. */
const passVariables = (input: RouteInput) => ({ ...input.path, authorization: input.authorization ?? null });

function registerVariables(input: RouteInput): Record<string, unknown> {
  const body = checkedBody(input.body, appleSchemas.AppleWalletRegistrationRequest!);
  return { ...passVariables(input), pushToken: body.pushToken };
}

function logVariables(input: RouteInput): Record<string, unknown> {
  const { logs } = checkedBody(input.body, appleSchemas.AppleWalletLogRequest!) as { logs: unknown[] };
  const errors = logs.flatMap((line, i) =>
    typeof line === 'string' ? [] : [{ path: `logs[${i}]`, message: 'must be a string' }],
  );
  if (errors.length > 0) throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, errors);
  return { logs };
}

export const appleRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/apps/:shopId/wallet/mobile-a/:customerId',
    operation: apple.AppleWalletPass,
    tag: TAG,
    summary: "The customer's Apple Wallet pass (.pkpass)",
    description:
      'A signed Apple Wallet membership card (`application/vnd.apple.pkpass`, a storeCard): shop name and logo text, the member ' +
      'number as its barcode (QR or Code 128 as the card design says), points, rank name and the design colours. The pass ' +
      'carries a per-pass `authenticationToken` and `webServiceURL` `{PUBLIC_URL}/api/v1/wallet/apple`, so Apple Wallet ' +
      "registers for updates (see the Apple Wallet web service). The customer's own user token, a business token of the shop " +
      "app's business (`store.customers.read`) or the operator; another user's customer is 404.",
    pathParams: SHOP_CUSTOMER,
    result: passFile('appleWalletPass'),
    status: 200,
    responseSchema: null,
    answer: { ...PassFileAnswer, cacheControl: 'private, no-cache', disposition: 'attachment' },
    auth: { callers: ['operator', 'user', 'business'], scopes: ['store.customers.read'] },
    errors: {
      400: BAD_PATH,
      401: 'No valid bearer token.',
      403: 'A business token without `store.customers.read`.',
      404: 'No such shop app, or no customer with this id there that the caller may see (`customer_not_found`).',
      503: NOT_CONFIGURED,
    },
  },
  {
    method: 'POST',
    path: `${WEB_SERVICE}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    operation: apple.AppleWalletRegisterDevice,
    tag: WEB_SERVICE_TAG,
    summary: 'Register a device for updates of a pass',
    description:
      'Apple Wallet registers the device (its APNs push token) for updates of the pass: 201 the first time, 200 when the ' +
      'device was registered already (the push token is replaced). A registration is a notification token of channel ' +
      '`apple-wallet`; wallet push reaches it.',
    pathParams: { ...DEVICE, ...PASS_TYPE, ...SERIAL },
    requestBody: { required: true, schema: ref('AppleWalletRegistrationRequest') },
    variables: registerVariables,
    result: (data) => data.appleWalletRegisterDevice,
    status: (payload) => ((payload as { created: boolean }).created ? 201 : 200),
    successStatuses: [200, 201],
    responseSchema: ref('AppleWalletRegistrationResponse'),
    forwardAuthorization: false,
    errors: {
      400: '`pushToken` is missing, blank or longer than 512 characters, or a path parameter is too long (`validation_failed`).',
      401: BAD_PASS_TOKEN,
    },
  },
  {
    method: 'DELETE',
    path: `${WEB_SERVICE}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    operation: apple.AppleWalletUnregisterDevice,
    tag: WEB_SERVICE_TAG,
    summary: 'Stop updates of a pass to a device',
    description:
      'Removes the registration (the `apple-wallet` notification token of the device); 200 also when there was none.',
    pathParams: { ...DEVICE, ...PASS_TYPE, ...SERIAL },
    variables: passVariables,
    result: () => ({ unregistered: true }),
    status: 200,
    responseSchema: ref('AppleWalletUnregistrationResponse'),
    forwardAuthorization: false,
    errors: { 400: BAD_PATH, 401: BAD_PASS_TOKEN },
  },
  {
    method: 'GET',
    path: `${WEB_SERVICE}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    operation: apple.AppleWalletUpdatedSerials,
    tag: WEB_SERVICE_TAG,
    summary: "Serial numbers of a device's passes that changed",
    description:
      'The passes of this type registered on the device whose points or rank changed after `passesUpdatedSince` (all of them ' +
      'without it), and `lastUpdated`, the tag to send next time. 204 when none changed (or the pass type is not this ' +
      "service's).",
    pathParams: { ...DEVICE, ...PASS_TYPE },
    queryParams: {
      passesUpdatedSince: {
        type: 'string',
        description: 'The `lastUpdated` of an earlier answer (epoch microseconds).',
        maxLength: 32,
      },
    },
    result: (data) => data.appleWalletUpdatedSerials,
    status: (payload) => ((payload as { serialNumbers: string[] }).serialNumbers.length > 0 ? 200 : 204),
    successStatuses: [200, 204],
    responseSchema: ref('AppleWalletUpdatedSerialsResponse'),
    forwardAuthorization: false,
    errors: { 400: 'A path or query parameter is longer than allowed (`validation_failed`).' },
  },
  {
    method: 'GET',
    path: `${WEB_SERVICE}/passes/:passTypeIdentifier/:serialNumber`,
    operation: apple.AppleWalletLatestPass,
    tag: WEB_SERVICE_TAG,
    summary: 'The latest version of a pass',
    description:
      'The pass as it is now, signed afresh. `Last-Modified` is when its points or rank last changed; a request whose ' +
      '`If-Modified-Since` is not older is answered 304.',
    pathParams: { ...PASS_TYPE, ...SERIAL },
    headerParams: {
      'If-Modified-Since': {
        description: 'The `Last-Modified` of the copy the device holds (HTTP-date).',
        maxLength: 64,
      },
    },
    variables: passVariables,
    result: passFile('appleWalletLatestPass'),
    status: 200,
    responseSchema: null,
    answer: { ...PassFileAnswer, cacheControl: 'private, no-cache', lastModified: true },
    forwardAuthorization: false,
    errors: { 400: BAD_PATH, 401: BAD_PASS_TOKEN, 503: NOT_CONFIGURED },
  },
  {
    method: 'POST',
    path: `${WEB_SERVICE}/log`,
    operation: apple.AppleWalletLog,
    tag: WEB_SERVICE_TAG,
    summary: 'Log lines from Apple Wallet',
    description:
      'Apple Wallet reports problems with this web service; the lines go to the service log (at most 100 of 1000 characters).',
    requestBody: { required: true, schema: ref('AppleWalletLogRequest') },
    variables: logVariables,
    result: () => ({ logged: true }),
    status: 200,
    responseSchema: ref('AppleWalletLogResponse'),
    forwardAuthorization: false,
    errors: { 400: '`logs` is missing or not an array of strings (`validation_failed`).' },
  },
];

export const appleSchemas: Readonly<Record<string, JsonSchema>> = {
  AppleWalletRegistrationRequest: {
    type: 'object',
    required: ['pushToken'],
    properties: { pushToken: { type: 'string', description: 'The APNs push token of the device.' } },
  },
  AppleWalletRegistrationResponse: {
    type: 'object',
    required: ['created'],
    properties: { created: { type: 'boolean', description: 'True when this call registered the device.' } },
  },
  AppleWalletUnregistrationResponse: {
    type: 'object',
    required: ['unregistered'],
    properties: { unregistered: { type: 'boolean', const: true } },
  },
  AppleWalletUpdatedSerialsResponse: {
    type: 'object',
    required: ['serialNumbers', 'lastUpdated'],
    properties: {
      serialNumbers: { type: 'array', items: { type: 'string' }, description: 'Serial numbers of the changed passes.' },
      lastUpdated: { type: 'string', description: 'Send as `passesUpdatedSince` next time.' },
    },
  },
  AppleWalletLogRequest: {
    type: 'object',
    required: ['logs'],
    properties: { logs: { type: 'array', items: { type: 'string' }, description: 'Log lines.' } },
  },
  AppleWalletLogResponse: {
    type: 'object',
    required: ['logged'],
    properties: { logged: { type: 'boolean', const: true } },
  },
};
