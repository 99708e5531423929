/**
 * Which APNs credentials the production transport uses (`apnsCredentials`): the APNs key (token auth)
 * when it is configured, even with pass material; else the pass type certificate and key (certificate
 * auth), in production always, elsewhere only when APNS_URL is set; else none (Apple pushes skipped).
 * APNS_CA_FILE adds CAs to either.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walletSettings } from '../../kernel/env-wallet.js';
import { createDevAppleMaterial } from '../apple/dev-material.js';
import { apnsCredentials, productionPushTransport } from './production-push-transport.js';
import { PushOutcome } from './push-transport.js';

const dir = mkdtempSync(join(tmpdir(), 'apns-credentials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pass = createDevAppleMaterial('pass.test.credentials', 'TEAMCRED01');
const other = createDevAppleMaterial('pass.test.other', 'TEAMCRED01');
const apnsKeyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
}) as string;

const PASS_MATERIAL = {
  APPLE_PASS_TYPE_ID: pass.passTypeId,
  APPLE_TEAM_ID: pass.teamId,
  APPLE_PASS_CERT: pass.passCertificate,
  APPLE_PASS_KEY: pass.passKey,
  APPLE_WWDR_CERT: pass.caCertificate,
};
const APNS_KEY = { APNS_KEY: apnsKeyPem, APNS_KEY_ID: 'KEYID12345', APNS_TEAM_ID: 'TEAMAPNS01' };

function credentialsOf(source: Record<string, string>, nodeEnv: 'development' | 'test' | 'production' = 'production') {
  const settings = walletSettings(
    { WALLET_DEV_DIR: join(dir, 'absent'), ...source },
    nodeEnv,
    'memory://',
    (name) => source[name],
  );
  return { settings, credentials: apnsCredentials(settings) };
}

describe('apnsCredentials', () => {
  it('token auth when the APNs key is configured, even with pass material', () => {
    const { credentials } = credentialsOf({ ...PASS_MATERIAL, ...APNS_KEY });
    expect(credentials).toMatchObject({
      kind: 'token',
      keyId: 'KEYID12345',
      teamId: 'TEAMAPNS01',
      url: 'https://api.push.apple.com',
    });
  });

  it('certificate auth with the pass certificate and key when only pass material is configured', () => {
    const { credentials } = credentialsOf(PASS_MATERIAL);
    expect(credentials).toEqual({
      kind: 'certificate',
      cert: pass.passCertificate,
      key: pass.passKey,
      url: 'https://api.push.apple.com',
    });
  });

  it('the key passphrase comes along', () => {
    const { credentials } = credentialsOf({ ...PASS_MATERIAL, APPLE_PASS_KEY_PASSPHRASE: 'secret words' });
    // The key is not encrypted: a passphrase does not hurt it, and is handed to TLS.
    expect(credentials).toMatchObject({ kind: 'certificate', passphrase: 'secret words' });
  });

  it('outside production the pass certificate authenticates pushes only when APNS_URL is set', () => {
    for (const nodeEnv of ['development', 'test'] as const) {
      expect(credentialsOf(PASS_MATERIAL, nodeEnv).credentials, nodeEnv).toBeUndefined();
      const explicit = credentialsOf({ ...PASS_MATERIAL, APNS_URL: 'https://127.0.0.1:8443' }, nodeEnv).credentials;
      expect(explicit, nodeEnv).toMatchObject({ kind: 'certificate', url: 'https://127.0.0.1:8443' });
      // The APNs key needs no APNS_URL.
      expect(credentialsOf(APNS_KEY, nodeEnv).credentials, nodeEnv).toMatchObject({ kind: 'token' });
    }
  });

  it('none without an APNs key or complete pass material: Apple pushes are skipped', async () => {
    const { APPLE_WWDR_CERT: _wwdr, ...incomplete } = PASS_MATERIAL;
    const { APNS_KEY_ID: _keyId, ...keyWithoutId } = APNS_KEY;
    const sources: Record<string, string>[] = [{}, incomplete, keyWithoutId, { APPLE_PASS_TYPE_ID: pass.passTypeId }];
    for (const source of sources) {
      const { settings, credentials } = credentialsOf(source);
      expect(credentials).toBeUndefined();
      const transport = productionPushTransport(settings);
      expect(transport.appleTopic()).toBeUndefined();
      expect(await transport.pushApple(['aa'], pass.passTypeId)).toEqual([PushOutcome.Skipped]);
    }
  });

  it('a pass key that is not the certificate’s, or an APNs key that does not parse: none', () => {
    expect(credentialsOf({ ...PASS_MATERIAL, APPLE_PASS_KEY: other.passKey }).credentials).toBeUndefined();
    expect(credentialsOf({ ...PASS_MATERIAL, ...APNS_KEY, APNS_KEY: 'not a key' }).credentials).toBeUndefined();
  });

  it('the topic is the pass type id with either kind', () => {
    for (const source of [PASS_MATERIAL, { ...PASS_MATERIAL, ...APNS_KEY }]) {
      expect(productionPushTransport(credentialsOf(source).settings).appleTopic()).toBe(pass.passTypeId);
    }
  });

  it('APNS_CA_FILE (or APNS_CA) adds CAs to either kind', () => {
    const file = join(dir, 'apns-ca.pem');
    writeFileSync(file, other.caCertificate);
    expect(credentialsOf({ ...PASS_MATERIAL, APNS_CA_FILE: file }).credentials).toMatchObject({
      kind: 'certificate',
      ca: other.caCertificate,
    });
    expect(credentialsOf({ ...APNS_KEY, APNS_CA: other.caCertificate }).credentials).toMatchObject({
      kind: 'token',
      ca: other.caCertificate,
    });
    expect(credentialsOf(APNS_KEY).credentials).not.toHaveProperty('ca');
  });
});
