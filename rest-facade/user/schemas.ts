/** JSON Schemas of the consumer account and device endpoints (merged into `components.schemas`). */
import type { JsonSchema } from '../kernel/route.js';

const str = (description: string): JsonSchema => ({ type: 'string', description });
const optionalStr = (description: string, maxLength: number): JsonSchema => ({
  type: ['string', 'null'],
  maxLength,
  description,
});
const timestamp = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const count = (description: string): JsonSchema => ({ type: 'integer', format: 'int32', minimum: 0, description });

export const USER_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ChangePasswordRequest: {
    type: 'object',
    description: 'Interface: Change-password request.',
    required: ['currentPassword', 'newPassword'],
    properties: {
      currentPassword: str('The password the account has now.'),
      newPassword: {
        type: 'string',
        minLength: 15,
        maxLength: 128,
        description:
          '15 to 128 characters (Unicode code points, any script), not a common or breached password, not the account email (NIST SP 800-63B-4).',
      },
    },
  },
  PasswordChangedResponse: {
    type: 'object',
    required: ['changed', 'changedAt', 'otherSessionsRevoked'],
    properties: {
      changed: { type: 'boolean', const: true },
      changedAt: timestamp('When the password changed (RFC 3339, UTC).'),
      otherSessionsRevoked: count(
        "How many of the user's other grants (apps and devices signed in) were revoked; the calling token stays live.",
      ),
    },
  },
  DeleteAccountRequest: {
    type: 'object',
    description: 'Interface: Delete-account request.',
    required: ['confirm'],
    properties: {
      confirm: { type: 'boolean', description: 'Must be true.' },
      password: {
        type: ['string', 'null'],
        description: 'The account password: required for registered accounts, ignored for anonymous ones.',
      },
    },
  },
  DeletionResponse: {
    type: 'object',
    description: 'What the deletion erased, ended and kept.',
    required: [
      'deleted',
      'userId',
      'deletedAt',
      'erasedFields',
      'devicesRemoved',
      'sessionsEnded',
      'grantsRevoked',
      'retained',
    ],
    properties: {
      deleted: { type: 'boolean', const: true },
      userId: { type: 'string', format: 'uuid', description: 'The deleted account (kept only as a tombstone).' },
      deletedAt: timestamp('When the account was deleted (RFC 3339, UTC).'),
      erasedFields: {
        type: 'array',
        items: { type: 'string', enum: ['email', 'password', 'displayName'] },
        description: 'Personal data erased from the account.',
      },
      devicesRemoved: count('Registered devices deleted, with their push tokens.'),
      sessionsEnded: count('Browser sessions of the sign-in pages deleted.'),
      grantsRevoked: count('OAuth grants revoked: every access and refresh token of the account stops working.'),
      retained: {
        type: 'array',
        items: { type: 'string', enum: ['userId', 'createdAt', 'deletedAt', 'revokedGrantRecords'] },
        description:
          'What is kept, de-identified: the tombstone (id, creation and deletion time) that records which must be kept ' +
          'reference, and the revoked grant records (client, scopes, times).',
      },
    },
  },
  RegisterDeviceRequest: {
    type: 'object',
    description: 'A device to register to the signed-in user; registering a known deviceId again updates it.',
    required: ['deviceId', 'platform'],
    properties: {
      deviceId: {
        type: 'string',
        pattern: '^[A-Za-z0-9._:-]{1,128}$',
        description: 'Identifier the app chose, unique per user: 1 to 128 of A-Z a-z 0-9 . _ : -',
      },
      platform: str('ios, android or web (any case).'),
      name: optionalStr('Name the user gave the device.', 100),
      pushToken: optionalStr('Push notification token as the platform issued it (never returned).', 512),
      appVersion: optionalStr('Version of the app.', 32),
    },
  },
  UserDeviceResponse: {
    type: 'object',
    required: ['deviceId', 'platform', 'name', 'lastSeenAt', 'createdAt', 'created'],
    properties: {
      deviceId: str('Identifier the app chose.'),
      platform: { type: 'string', enum: ['ios', 'android', 'web'] },
      name: { type: ['string', 'null'], description: 'Name the user gave the device.' },
      lastSeenAt: timestamp('When the device last registered (RFC 3339, UTC).'),
      createdAt: timestamp('When the device was first registered (RFC 3339, UTC).'),
      created: { type: 'boolean', description: 'True for a new row (201), false for an existing one (200).' },
    },
  },
  BudgetRequest: {
    type: 'object',
    description: 'Interface: BudgetRequest. The budget of one month; later months without their own budget inherit it.',
    required: ['year', 'month', 'amount'],
    properties: {
      year: { type: 'integer', format: 'int32', minimum: 2000, maximum: 2100, description: 'Year, 2000 to 2100.' },
      month: { type: 'integer', format: 'int32', minimum: 1, maximum: 12, description: 'Month, 1 to 12.' },
      amount: {
        type: 'integer',
        format: 'int32',
        minimum: 0,
        maximum: 100000000,
        description: 'Budget in yen (JPY has no minor unit), 0 to 100000000.',
      },
    },
  },
  BudgetResponse: {
    type: 'object',
    description:
      'Interface: BudgetResponse. The effective budget of the month asked for: the one set for it (`source` this_month), else the ' +
      'latest earlier month’s (earlier_month), else none (none, with `amount`, `setFor` and `updatedAt` null).',
    required: ['year', 'month', 'amount', 'currency', 'source', 'setFor', 'updatedAt'],
    properties: {
      year: { type: 'integer', format: 'int32', description: 'The month asked for: year.' },
      month: { type: 'integer', format: 'int32', description: 'The month asked for: month, 1 to 12.' },
      amount: {
        type: ['integer', 'null'],
        format: 'int32',
        minimum: 0,
        description: 'Budget in `currency` (yen); null when none.',
      },
      currency: { type: 'string', const: 'JPY', description: 'ISO 4217 currency of `amount`.' },
      source: {
        type: 'string',
        enum: ['this_month', 'earlier_month', 'none'],
        description: 'Where `amount` comes from.',
      },
      setFor: {
        type: ['object', 'null'],
        description: 'The month whose budget applies; null when none.',
        required: ['year', 'month'],
        properties: { year: { type: 'integer', format: 'int32' }, month: { type: 'integer', format: 'int32' } },
      },
      updatedAt: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'When that budget was last set (RFC 3339, UTC).',
      },
    },
  },
};
