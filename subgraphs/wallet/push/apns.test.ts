/** APNs provider tokens (reused 50 minutes, then signed anew) and how APNs answers become outcomes. */
import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { getCACertificates } from 'node:tls';
import { APNS_TOKEN_TTL_MS, apnsConnectOptions, apnsOutcome, providerToken } from './apns.js';
import { PushOutcome } from './push-transport.js';

describe('APNs', () => {
  it('reuses a provider token for 50 minutes, then signs a new one', async () => {
    const credentials = {
      kind: 'token' as const,
      key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      keyId: `K${process.pid}`,
      teamId: 'TEAM',
      url: 'http://127.0.0.1:1',
    };
    const start = Date.now();
    const first = await providerToken(credentials, start);
    expect(decodeProtectedHeader(first)).toEqual({ alg: 'ES256', kid: credentials.keyId });
    expect(decodeJwt(first)).toEqual({ iss: 'TEAM', iat: Math.floor(start / 1000) });
    expect(await providerToken(credentials, start + APNS_TOKEN_TTL_MS - 1)).toBe(first);
    const renewed = await providerToken(credentials, start + APNS_TOKEN_TTL_MS);
    expect(decodeJwt(renewed).iat).toBe(Math.floor((start + APNS_TOKEN_TTL_MS) / 1000));
  });

  it('never reuses the token of another key under the same team and key id', async () => {
    const credentials = (key = generateKeyPairSync('ec', { namedCurve: 'P-256' })) => ({
      kind: 'token' as const,
      key: key.privateKey,
      keyId: `R${process.pid}`,
      teamId: 'TEAM',
      url: 'http://127.0.0.1:1',
      publicKey: key.publicKey,
    });
    const [first, second] = [credentials(), credentials()];
    const start = Date.now();
    const tokenOfFirst = await providerToken(first, start);
    const tokenOfSecond = await providerToken(second, start);
    await expect(jwtVerify(tokenOfSecond, second.publicKey)).resolves.toBeDefined();
    expect(tokenOfSecond).not.toBe(tokenOfFirst);
    // Each key keeps its own token.
    expect(await providerToken(first, start + 1)).toBe(tokenOfFirst);
  });

  it.each([
    [200, '', PushOutcome.Sent],
    [410, '{"reason":"Unregistered"}', PushOutcome.Gone],
    [400, '{"reason":"BadDeviceToken"}', PushOutcome.Gone],
    [400, '{"reason":"BadTopic"}', PushOutcome.Failed],
    [400, 'not json', PushOutcome.Failed],
    [403, '{"reason":"ExpiredProviderToken"}', PushOutcome.Failed],
    [500, '', PushOutcome.Failed],
  ])('%i %s is %s', (status, body, outcome) => {
    expect(apnsOutcome(status, body)).toBe(outcome);
  });

  it('adds `ca` to the CAs Node trusts, never instead of them; the client certificate only with certificate auth', () => {
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const token = { kind: 'token' as const, key, keyId: 'K', teamId: 'T', url: 'https://127.0.0.1:1' };
    expect(apnsConnectOptions(token)).toEqual({});
    const extra = '-----BEGIN CERTIFICATE-----\nextra\n-----END CERTIFICATE-----\n';
    expect(apnsConnectOptions({ ...token, ca: extra })).toEqual({ ca: [...getCACertificates('default'), extra] });
    const certificate = { kind: 'certificate' as const, cert: 'CERT', key: 'KEY', url: 'https://127.0.0.1:1' };
    expect(apnsConnectOptions(certificate)).toEqual({ cert: 'CERT', key: 'KEY' });
    expect(apnsConnectOptions({ ...certificate, passphrase: 'p', ca: extra })).toEqual({
      ca: [...getCACertificates('default'), extra],
      cert: 'CERT',
      key: 'KEY',
      passphrase: 'p',
    });
  });
});
