import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.js';
import { checkWebhookUrl, sendWebhook, type Resolver } from './webhook-http.js';

/** Addresses that are, or carry, a private, loopback, link-local, CGNAT, multicast or reserved address. */
const REFUSED: readonly (readonly [string, string])[] = [
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 private', '10.0.0.1'],
  ['IPv4 link-local (metadata)', '169.254.169.254'],
  ['IPv4 CGNAT', '100.64.0.1'],
  ['IPv4 unspecified', '0.0.0.0'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 unique-local', 'fd00::1'],
  ['IPv6 link-local with a zone', 'fe80::1%eth0'],
  ['IPv6 multicast', 'ff02::1'],
  ['mapped, dotted', '::ffff:127.0.0.1'],
  ['mapped, hexadecimal', '::ffff:7f00:1'],
  ['mapped, full form', '0:0:0:0:0:ffff:7f00:1'],
  ['mapped, private', '::ffff:10.0.0.1'],
  ['mapped, metadata', '::ffff:a9fe:a9fe'],
  ['compatible, dotted', '::127.0.0.1'],
  ['compatible, hexadecimal', '::7f00:1'],
  ['compatible, private', '::a00:1'],
  ['compatible, full form', '0:0:0:0:0:0:a00:1'],
  ['compatible, CGNAT', '::100.64.0.1'],
  ['compatible, 0.0.0.2', '::2'],
  ['NAT64, loopback', '64:ff9b::127.0.0.1'],
  ['NAT64, private (hexadecimal)', '64:ff9b::a00:1'],
  ['NAT64, metadata', '64:ff9b::a9fe:a9fe'],
  ['local-use NAT64 (RFC 8215)', '64:ff9b:1::808:808'],
  ['6to4 of loopback', '2002:7f00:1::'],
  ['6to4 of a private address', '2002:c0a8:101::1'],
  ['6to4 of 0.0.0.0', '2002::1'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['IPv6 documentation', '2001:db8::1'],
  ['not an address', 'not an ip'],
];

/** Public unicast addresses, bare or carried by an IPv6 address. */
const ALLOWED: readonly (readonly [string, string])[] = [
  ['IPv4', '93.184.215.14'],
  ['IPv6', '2606:4700:4700::1111'],
  ['mapped', '::ffff:8.8.8.8'],
  ['mapped, hexadecimal', '::ffff:808:808'],
  ['compatible', '::8.8.8.8'],
  ['NAT64', '64:ff9b::8.8.8.8'],
  ['6to4', '2002:808:808::1'],
];

describe('isPublicAddress', () => {
  it.each(REFUSED)('%s (%s) is refused', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(ALLOWED)('%s (%s) is public', (_name, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('IPv6 literals carrying IPv4, through the URL parser', () => {
  it.each([
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[::a00:1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[0000::ffff:7F00:0001]',
    '[::ffff:169.254.169.254]',
    '[64:ff9b::10.0.0.1]',
    '[2002:a00:1::]',
  ])('registration refuses https://%s/ in production', (host) => {
    expect(checkWebhookUrl(`https://${host}/in`, false)).toMatch(/private/);
  });

  it('registration accepts a public address carried by IPv6', () => {
    expect(checkWebhookUrl('https://[::ffff:8.8.8.8]/in', false)).toBeNull();
    expect(checkWebhookUrl('https://[64:ff9b::8.8.8.8]/in', false)).toBeNull();
  });

  it('a connection is refused when the name resolves to such an address (checked at connect time)', async () => {
    for (const address of ['::7f00:1', '::a00:1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', '2002:a00:1::1']) {
      const resolve: Resolver = () => Promise.resolve([{ address, family: 6 }]);
      const result = await sendWebhook({
        url: 'https://rebind.example:9/hook',
        id: 'msg_1',
        timestamp: new Date(),
        body: '{}',
        secrets: ['whsec_' + Buffer.from('k'.repeat(32)).toString('base64')],
        timeoutMs: 2000,
        allowPrivate: false,
        resolve,
      });
      expect(result.error, address).toBe('address_refused');
    }
  });
});
