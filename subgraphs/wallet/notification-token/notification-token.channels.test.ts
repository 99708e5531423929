import { describe, expect, it } from 'vitest';
import { BadUserInputError } from '../../kernel/errors.js';
import { validateToken } from './notification-token.channels.js';

/** The field paths `validateToken` names for `input`, or [] when it accepts it. */
function refused(input: Parameters<typeof validateToken>[0], customerRequired = false): string[] {
  try {
    validateToken(input, customerRequired);
    return [];
  } catch (error) {
    if (!(error instanceof BadUserInputError)) throw error;
    return (error.extensions.errors as { path: string }[]).map((e) => e.path);
  }
}

const hex = (digits: number) => 'a1'.repeat(digits / 2);
const device = { channel: 'apns', deviceId: 'iphone-1' };
const subscription = (endpoint: string) => JSON.stringify({ endpoint, keys: { p256dh: 'BN', auth: 'tB' } });

describe('validateToken', () => {
  it.each([
    ['APNs: 64 hex digits', { ...device, token: hex(64) }],
    ['APNs: 200 hex digits, upper case', { ...device, token: hex(200).toUpperCase() }],
    ['Apple Wallet: 64 hex digits', { ...device, channel: 'apple-wallet', token: hex(64) }],
    ['FCM: colon, dash, underscore', { ...device, channel: 'fcm', token: 'cX1:APA91b-x_Y' }],
    ['FCM: 4096 characters', { ...device, channel: 'fcm', token: 'f'.repeat(4096) }],
    ['Web Push: an https subscription', { ...device, channel: 'web', token: subscription('https://push.test/a') }],
    ['a deviceId of 128 visible characters', { ...device, deviceId: '~'.repeat(128), token: hex(64) }],
    ['no token (unregister)', device],
  ])('accepts %s', (_label, input) => {
    expect(refused(input)).toEqual([]);
  });

  it.each([
    ['APNs: 62 hex digits', { ...device, token: hex(62) }, ['token']],
    ['APNs: 202 hex digits', { ...device, token: hex(202) }, ['token']],
    ['APNs: an odd number of digits', { ...device, token: `${hex(64)}a` }, ['token']],
    ['FCM: a space', { ...device, channel: 'fcm', token: 'a b' }, ['token']],
    ['FCM: 4097 characters', { ...device, channel: 'fcm', token: 'f'.repeat(4097) }, ['token']],
    ['Web Push: http', { ...device, channel: 'web', token: subscription('http://push.test/a') }, ['token']],
    ['Web Push: not JSON', { ...device, channel: 'web', token: 'https://push.test/a' }, ['token']],
    ['Web Push: JSON null', { ...device, channel: 'web', token: 'null' }, ['token']],
    [
      'a C1 control character',
      { ...device, channel: 'web', token: subscription('https://push.test/a\u0085b') },
      ['token'],
    ],
    ['DEL in the deviceId', { ...device, deviceId: 'a\u007fb', token: hex(64) }, ['deviceId']],
    ['a space in the deviceId', { ...device, deviceId: 'my phone', token: hex(64) }, ['deviceId']],
    ['non-ASCII in the deviceId', { ...device, deviceId: '端末', token: hex(64) }, ['deviceId']],
    ['an unknown channel with an empty token', { ...device, channel: 'sms', token: '' }, ['channel', 'token']],
    ['a customerId that is no UUID', { ...device, customerId: 'x', token: hex(64) }, ['customerId']],
  ])('refuses %s', (_label, input, paths) => {
    expect(refused(input)).toEqual(paths);
  });

  it('requires customerId only when asked to', () => {
    expect(refused({ ...device, token: hex(64) }, true)).toEqual(['customerId']);
    expect(refused({ ...device, customerId: null, token: hex(64) }, true)).toEqual(['customerId']);
    expect(refused({ ...device, customerId: '01900000-0000-7000-8000-000000000000', token: hex(64) }, true)).toEqual(
      [],
    );
  });
});
