/**
 * Rows of the consumer's own account and devices (interface: User account ... devices). They act for
 * the user of the bearer token. The interface lists 401 but no 403 for them, so any user token will
 * do whatever its scopes (access table: `user(null)`); a business token or the operator credential
 * is not a consumer and gets 403.
 */
import * as user from './operations.js';
import { checkedBody } from '../kernel/request-body.js';
import { RequestRejected, type Route } from '../kernel/route.js';
import { VALIDATION_FAILED_DETAIL } from '../../subgraphs/kernel/errors.js';
import { ref } from '../kernel/schemas.js';
import { USER_SCHEMAS } from './schemas.js';

const TAG = 'User account and devices';
const AUTH = { auth: { callers: ['user'], scopes: [] } } as const;
const NOT_A_CONSUMER =
  'The token is not a consumer token (a business token or the operator credential; `user_token_required` or `forbidden`). ' +
  'No user scope is needed: any user token will do.';

/** The sign-in lock also guards these password checks (it sends Retry-After, not the RateLimit headers). */
const LOCKED = 'The account is locked after too many wrong passwords (`rate_limited`, with `Retry-After`).';
const LOCK =
  ' Wrong passwords count towards the account sign-in lock: a locked account answers 429 `rate_limited` with `Retry-After`.';

/**
 * The budget body after its shape check, with each integer also checked to be an int32 (what GraphQL's
 * Int carries): 5000000000 is then a 400 naming `/amount`, like any other amount out of range.
 */
function budgetBody(input: { readonly body: unknown }) {
  const fields = checkedBody(input.body, USER_SCHEMAS.BudgetRequest ?? {});
  const errors = ['year', 'month', 'amount']
    .filter((name) => {
      const value = fields[name];
      return typeof value === 'number' && value !== (value | 0);
    })
    .map((name) => ({ path: name, message: 'must be a 32-bit integer' }));
  if (errors.length > 0) throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, errors);
  return { input: fields };
}

const BUDGET_TAG = 'User budget';
const BUDGET_INVALID =
  'A field is missing or not an integer, the year is outside 2000 to 2100, the month outside 1 to 12 or the amount outside 0 to ' +
  '100000000 (`validation_failed`; `errors` names every such field).';
const NO_SCOPE = (scope: string) =>
  `The token lacks the \`${scope}\` scope (\`insufficient_scope\`), or it is not a consumer token (\`user_token_required\`).`;

const body = (name: string) => (input: { readonly body: unknown }) => ({
  input: checkedBody(input.body, USER_SCHEMAS[name] ?? {}),
});

export const userRoutes: readonly Route[] = [
  {
    ...AUTH,
    method: 'PUT',
    path: '/api/v1/user/password',
    operation: user.ChangePassword,
    tag: TAG,
    summary: "Change the signed-in user's password",
    description:
      'Checks `currentPassword` and the password policy for ' +
      '`newPassword`. Every other grant of the user (other apps and devices signed in, business grants the user consented to) ' +
      'is revoked at once, in the same transaction; the token that made the call keeps working.' +
      LOCK,
    requestBody: { required: true, schema: ref('ChangePasswordRequest') },
    variables: body('ChangePasswordRequest'),
    result: (data) => data.changePassword,
    status: 200,
    responseSchema: ref('PasswordChangedResponse'),
    errors: {
      400:
        'A field is missing or not a string (`validation_failed`), the account is anonymous (`anonymous_account`), ' +
        '`currentPassword` is wrong (`wrong_password`) or `newPassword` fails the policy (`password_policy`); `errors` names the field.',
      403: NOT_A_CONSUMER,
      429: LOCKED,
    },
    lockout: true,
  },
  {
    ...AUTH,
    method: 'DELETE',
    path: '/api/v1/user/account',
    operation: user.DeleteAccount,
    tag: TAG,
    summary: "Delete the signed-in user's account",
    description:
      'Needs `confirm: true`, and the account password for registered accounts (anonymous accounts have none). In one transaction: ' +
      'the email, password hash and display name are erased; registered devices (with push tokens), browser sessions of the sign-in ' +
      'pages, the sign-in failure counter, the monthly budgets and the favorite stores are deleted; every grant is revoked (all access and refresh tokens stop working, unused ' +
      'authorization codes are deleted); `deletedAt` is set. What the law requires to be kept stays, de-identified: the account row ' +
      'remains as a tombstone (id, creation and deletion time, nothing personal) so records that must be kept, such as claimed ' +
      'receipts, keep a reference that names no one; revoked grant records stay as the security log. The email is free to register ' +
      'again, as a new account. The deleted account can no longer sign in.' +
      LOCK,
    requestBody: { required: true, schema: ref('DeleteAccountRequest') },
    variables: body('DeleteAccountRequest'),
    result: (data) => data.deleteAccount,
    status: 200,
    responseSchema: ref('DeletionResponse'),
    errors: {
      400:
        '`confirm` missing or not a boolean (`validation_failed`) or not true (`confirmation_required`); for a registered account ' +
        'the password missing (`password_required`) or wrong (`wrong_password`). `errors` names the field.',
      403: NOT_A_CONSUMER,
      429: LOCKED,
    },
    lockout: true,
  },
  {
    ...AUTH,
    method: 'POST',
    path: '/api/v1/user/devices',
    operation: user.RegisterDevice,
    tag: TAG,
    summary: 'Register a device (or register it again)',
    description:
      '201 with the device when its `deviceId` is new for the user; 200 when the user registered it before, after replacing its ' +
      'name, push token, platform and app version and bumping `lastSeenAt`. Concurrent registrations of one device create one row.',
    requestBody: { required: true, schema: ref('RegisterDeviceRequest') },
    variables: body('RegisterDeviceRequest'),
    result: (data) => {
      const { created, device } = data.registerDevice as { created: boolean; device: Record<string, unknown> };
      return { ...device, created };
    },
    status: (payload) => ((payload as { created?: boolean }).created ? 201 : 200),
    successStatuses: [200, 201],
    responseSchema: ref('UserDeviceResponse'),
    errors: {
      400: 'A field is missing, of the wrong type or invalid (`validation_failed`; `errors` names every such field).',
      403: NOT_A_CONSUMER,
    },
  },
  {
    ...AUTH,
    method: 'DELETE',
    path: '/api/v1/user/devices/:deviceId',
    operation: user.RemoveDevice,
    tag: TAG,
    summary: 'Remove one of the signed-in user’s devices',
    pathParams: { deviceId: { type: 'string', description: 'The deviceId the app registered.' } },
    result: () => null,
    status: 204,
    responseSchema: null,
    errors: {
      403: NOT_A_CONSUMER,
      404: 'The user has no device with this id, including any device of another user (`device_not_found`).',
    },
  },
  {
    auth: { callers: ['user'], scopes: ['user.spending.read'] },
    method: 'GET',
    path: '/api/v1/user/budget',
    operation: user.MyBudget,
    tag: BUDGET_TAG,
    summary: "Get the signed-in user's effective budget of a month",
    description:
      'The budget set for the month, else the latest earlier month’s (a budget carries over until a later month sets its own), ' +
      'else none (`source` says which). Without `year` or `month` the current one in Japan (Asia/Tokyo) is used.',
    queryParams: {
      year: {
        type: 'int32',
        description: 'Year, 2000 to 2100. Default: the current year in Japan.',
        minimum: 2000,
        maximum: 2100,
      },
      month: {
        type: 'int32',
        description: 'Month, 1 to 12. Default: the current month in Japan.',
        minimum: 1,
        maximum: 12,
      },
    },
    result: (data) => data.myBudget,
    status: 200,
    responseSchema: ref('BudgetResponse'),
    errors: {
      400: 'year or month is not an int32 or out of range (`validation_failed`; `errors` names it).',
      403: NO_SCOPE('user.spending.read'),
    },
  },
  {
    auth: { callers: ['user'], scopes: ['user.spending.write'] },
    method: 'PUT',
    path: '/api/v1/user/budget',
    operation: user.SetMyBudget,
    tag: BUDGET_TAG,
    summary: "Set the signed-in user's budget of a month",
    description:
      'Sets or replaces the budget of one month and answers the effective budget of that month (`source` this_month). Months ' +
      'after it without a budget of their own inherit it. Idempotent: the same body twice leaves one budget.',
    requestBody: { required: true, schema: ref('BudgetRequest') },
    variables: budgetBody,
    result: (data) => data.setMyBudget,
    status: 200,
    responseSchema: ref('BudgetResponse'),
    errors: { 400: BUDGET_INVALID, 403: NO_SCOPE('user.spending.write') },
  },
];
