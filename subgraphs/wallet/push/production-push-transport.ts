/**
 * The production {@link WalletPushTransport}: APNs (apns.ts) and the Google Wallet API
 * (google-wallet-api.ts) with the material of env-wallet.ts, read when a push needs it. A platform
 * whose material is missing is skipped (outcome `skipped`), never an error. APNs needs the pass type id
 * (APPLE_PASS_TYPE_ID, else `passTypeId` of the dev directory's `apple.json`) and credentials: token
 * auth when APNS_KEY, APNS_KEY_ID and APNS_TEAM_ID (default APPLE_TEAM_ID) are set (an explicit choice,
 * it wins), else certificate auth with the pass type certificate and key that sign the passes
 * (`loadAppleMaterial`; outside production only when APNS_URL is set, see env-wallet.ts). Google needs
 * the issuer material (google-material.ts).
 */
import type { WalletSettings } from '../../kernel/env-wallet.js';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { applePassTypeId, loadAppleMaterial } from '../apple/apple-material.js';
import { secretText } from '../material-files.js';
import { log } from '../../kernel/logger.js';
import { findGoogleMaterial } from '../google/google-material.js';
import { apnsKey, pushPassUpdates, type ApnsCredentials } from './apns.js';
import { patchLoyaltyObject } from './google-wallet-api.js';
import { PushOutcome, type GoogleObjectUpdate, type WalletPushTransport } from './push-transport.js';

/** The pass type id: the APNs topic of pass updates (apple-material.ts). */
export function passTypeId(settings: WalletSettings): string | undefined {
  return applePassTypeId(settings) ?? undefined;
}

/**
 * The APNs credentials: token auth when the APNs key, key id and team id are configured; else
 * certificate auth with the pass type certificate (when allowed, see `passCertificateAuth`); else
 * undefined (Apple pushes are skipped). Material that does not parse is logged and skipped too.
 */
export function apnsCredentials(settings: WalletSettings): ApnsCredentials | undefined {
  const { keyId, teamId, url } = settings.apns;
  const ca = secretText(settings.apns.ca);
  const endpoint = ca ? { url, ca } : { url };
  const pem = secretText(settings.apns.key);
  if (pem && keyId && teamId) {
    try {
      return { kind: 'token', key: apnsKey(pem), keyId, teamId, ...endpoint };
    } catch {
      log('warn', 'APNS_KEY is not a private key: Apple pushes are skipped');
      return undefined;
    }
  }
  if (!settings.apns.passCertificateAuth) return undefined;
  const material = loadAppleMaterial(settings);
  if (!material) return undefined;
  const { signerCert: cert, signerKey: key, signerKeyPassphrase: passphrase } = material;
  try {
    if (!new X509Certificate(cert).checkPrivateKey(createPrivateKey({ key, passphrase }))) throw new Error('mismatch');
  } catch {
    log('warn', 'the pass certificate and key do not make a TLS client certificate: Apple pushes are skipped');
    return undefined;
  }
  return { kind: 'certificate', cert, key, ...(passphrase ? { passphrase } : {}), ...endpoint };
}

export function productionPushTransport(settings: WalletSettings): WalletPushTransport {
  return {
    appleTopic: () => (apnsCredentials(settings) ? passTypeId(settings) : undefined),
    googleIssuerId: () => findGoogleMaterial(settings)?.issuerId,
    async pushApple(deviceTokens, topic) {
      const credentials = apnsCredentials(settings);
      if (!credentials) return deviceTokens.map(() => PushOutcome.Skipped);
      try {
        return await pushPassUpdates(credentials, deviceTokens, topic);
      } catch (error) {
        log('warn', 'apns push failed', { error: (error as Error).message });
        return deviceTokens.map(() => PushOutcome.Failed);
      }
    },
    async updateGoogleObject(objectId: string, update: GoogleObjectUpdate) {
      const material = findGoogleMaterial(settings);
      if (!material) return PushOutcome.Skipped;
      return patchLoyaltyObject(material, settings.google, objectId, update);
    },
  };
}
