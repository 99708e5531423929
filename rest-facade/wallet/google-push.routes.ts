/**
 * Rows of mobile-b (Google Wallet save link) and wallet push (interface: Wallet passes). Who may call:
 * the customer's own user token (any scope), a business token of the shop app's business (reads
 * `store.customers.read`, push `store.customers.write`) or the operator; any other caller's customer,
 * and a customer of another shop app, is 404 `customer_not_found`.
 */
import type { JsonSchema, Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import { GoogleWalletSaveUrl, PushWalletPass } from './google-push.operations.js';

const TAG = 'Wallet';

const PARAMS = {
  shopId: {
    type: 'string',
    description: 'The shop app id (as in /api/v1/apps/{shopId}); an unknown app is 404 customer_not_found.',
    example: 'sakura-cafe',
  },
  customerId: { type: 'string', description: 'The customer (UUIDv7); anything else is 404 customer_not_found.' },
} as const;

const NOT_FOUND =
  'No such shop app, no such customer of it, or a customer the caller may not act on (another user’s): `customer_not_found`.';
const WRONG_SCOPE = (scope: string) =>
  `A business token without \`${scope}\` (\`insufficient_scope\`). User tokens need no scope.`;

export const googlePushRoutes: readonly Route[] = [
  {
    auth: { callers: ['business', 'operator', 'user'], scopes: ['store.customers.read'] },
    method: 'GET',
    path: '/api/v1/apps/:shopId/wallet/mobile-b/:customerId',
    operation: GoogleWalletSaveUrl,
    tag: TAG,
    summary: 'A Google Wallet save link of the customer’s membership card (mobile-b)',
    description:
      'A link to `https://pay.google.com/gp/v/save/<JWT>`: the JWT (RS256, the issuer’s service-account key, `kid` its key ' +
      'id) carries the shop’s loyalty class and the customer’s loyalty object (member number as account id and barcode, ' +
      'points, rank). The first call creates the customer’s mobile-b pass; later changes of points or rank reach the saved ' +
      'card through wallet push. `Cache-Control: no-store`.',
    pathParams: PARAMS,
    responseHeaders: { 'Cache-Control': 'no-store' },
    result: (data) => data.googleWalletSaveUrl,
    status: 200,
    responseSchema: ref('GoogleSaveResponse'),
    errors: {
      403: WRONG_SCOPE('store.customers.read'),
      404: NOT_FOUND,
      503: 'Google Wallet is not configured in this environment (`wallet_not_configured`), or a backing service is unreachable.',
    },
  },
  {
    auth: { callers: ['business', 'operator', 'user'], scopes: ['store.customers.write'] },
    method: 'POST',
    path: '/api/v1/apps/:shopId/wallet/push/:customerId',
    operation: PushWalletPass,
    tag: TAG,
    summary: 'Push the customer’s points and rank to their wallet passes',
    description:
      'Sends a pass update push (APNs, the pass type id as topic) to every Apple Wallet device registered for the ' +
      'customer’s pass, and updates their Google Wallet card through the Wallet API; answers how many were accepted. A ' +
      'platform not configured in this environment is skipped (0 for it), never an error. A device APNs reports gone is ' +
      'unregistered. Changes of points or rank are also pushed without this call, by the worker (`wallet.push-updates`).',
    pathParams: PARAMS,
    result: (data) => data.pushWalletPass,
    status: 200,
    responseSchema: ref('WalletPushResponse'),
    errors: { 403: WRONG_SCOPE('store.customers.write'), 404: NOT_FOUND },
  },
];

const count = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });

export const googlePushSchemas: Readonly<Record<string, JsonSchema>> = {
  GoogleSaveResponse: {
    type: 'object',
    description: 'Interface: GoogleSaveResponse. A save URL the client navigates to.',
    required: ['saveUrl'],
    properties: {
      saveUrl: {
        type: 'string',
        format: 'uri',
        pattern: '^https://pay\\.google\\.com/gp/v/save/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
        description: '`https://pay.google.com/gp/v/save/<JWT>`.',
      },
    },
  },
  WalletPushResponse: {
    type: 'object',
    description: 'Interface: WalletPushResponse. The number of updates the push made.',
    required: ['updates', 'apple', 'google'],
    properties: {
      updates: count('Updates accepted: `apple` + `google`.'),
      apple: count('Apple Wallet devices APNs accepted the pass update push for.'),
      google: count('Google Wallet cards the Wallet API updated (0 or 1).'),
    },
  },
};
