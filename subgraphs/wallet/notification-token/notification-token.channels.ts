/**
 * The push channels a notification token can belong to, and what a valid device id and token of each
 * look like. Checked by the service, so GraphQL and the REST rows refuse the same input the same way.
 */
import { isUuid } from '../../kernel/db/uuid.js';
import { Validation } from '../../kernel/errors.js';
import { APPLE_WALLET_CHANNEL } from './notification-token.store.js';

/**
 * - `apns`: the shop's iOS app, through Apple Push Notification service; the token is the APNs device
 *   token in hex.
 * - `fcm`: the shop's Android (or iOS) app, through Firebase Cloud Messaging; the FCM registration token.
 * - `web`: the shop's web app, through Web Push (RFC 8030); the token is the browser's PushSubscription
 *   serialized as JSON (`{"endpoint":"https://...","keys":{...}}`).
 * - `apple-wallet`: an Apple Wallet pass on a device (the pass web service registers these); the device
 *   id is the deviceLibraryIdentifier and the token the APNs push token in hex. Wallet push sends to them.
 */
export const NOTIFICATION_CHANNELS = ['apns', 'fcm', 'web', APPLE_WALLET_CHANNEL] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Visible ASCII (no space, no control character), 1 to 128: what apps and Apple use as device ids. */
const DEVICE_ID = /^[\x21-\x7e]{1,128}$/;
/** An APNs device token: hex, an even number of digits, 64 (32 bytes, today's length) to 200 (100 bytes). */
const APNS_TOKEN = /^(?:[0-9A-Fa-f]{2}){32,100}$/;
/** FCM registration tokens: URL-safe base64 and `:`; no spaces or control characters. */
const FCM_TOKEN = /^[A-Za-z0-9_:.+/=-]+$/;
export const MAX_TOKEN_LENGTH = 4096;

// A C0 or C1 control character or DEL anywhere in a string.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const isChannel = (value: string): value is NotificationChannel =>
  (NOTIFICATION_CHANNELS as readonly string[]).includes(value);

/** Whether `token` is a serialized Web Push subscription with an https endpoint. */
function isWebPushSubscription(token: string): boolean {
  try {
    const parsed = JSON.parse(token) as { endpoint?: unknown } | null;
    return (
      typeof parsed?.endpoint === 'string' && URL.canParse(parsed.endpoint) && parsed.endpoint.startsWith('https://')
    );
  } catch {
    return false;
  }
}

/** Why `token` is not a push token of `channel`, or null when it is one. */
function tokenProblem(channel: string, token: string): string | null {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return `must be 1 to ${MAX_TOKEN_LENGTH} characters`;
  if (CONTROL.test(token)) return 'must not contain control characters';
  if (!isChannel(channel)) return null; // the channel's own error says enough
  if (channel === 'apns' || channel === APPLE_WALLET_CHANNEL) {
    return APNS_TOKEN.test(token) ? null : 'must be an APNs device token: 64 to 200 hex digits';
  }
  if (channel === 'fcm') return FCM_TOKEN.test(token) ? null : 'must be an FCM registration token (no spaces)';
  return isWebPushSubscription(token) ? null : 'must be a Web Push subscription as JSON with an https endpoint';
}

/** What addresses one token: the optional customer, the channel and the device. */
export interface TokenAddress {
  readonly customerId?: string | null | undefined;
  readonly channel: string;
  readonly deviceId: string;
}

/**
 * Checks the address of a token (and its push token, when given), naming every invalid field.
 * `customerRequired`: the caller is not a user, so there is no "own customer" to default to.
 *
 * @throws BadUserInputError `validation_failed`
 */
export function validateToken(
  input: TokenAddress & { readonly token?: string },
  customerRequired: boolean,
): NotificationChannel {
  const channel = input.channel;
  const customerId = input.customerId ?? null;
  const validation = new Validation()
    .check(
      customerId !== null || !customerRequired,
      'customerId',
      'is required with a business token or the operator credential',
    )
    .check(customerId === null || isUuid(customerId), 'customerId', 'must be a customer id (UUID)')
    .check(isChannel(channel), 'channel', `must be one of ${NOTIFICATION_CHANNELS.join(', ')}`)
    .check(DEVICE_ID.test(input.deviceId), 'deviceId', 'must be 1 to 128 visible ASCII characters (no spaces)');
  if (input.token !== undefined) {
    const problem = tokenProblem(channel, input.token);
    validation.check(problem === null, 'token', problem ?? '');
  }
  validation.throwIfInvalid();
  return channel as NotificationChannel;
}
