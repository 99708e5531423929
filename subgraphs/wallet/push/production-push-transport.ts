/**
 * The production {@link WalletPushTransport}: APNs (apns.ts) and the Google Wallet API
 * (google-wallet-api.ts) with the material of env-wallet.ts, read when a push needs it. A platform
 * whose material is missing is skipped (outcome `skipped`), never an error: APNs needs APNS_KEY,
 * APNS_KEY_ID, APNS_TEAM_ID (default APPLE_TEAM_ID) and the pass type id (APPLE_PASS_TYPE_ID, else
 * `passTypeId` of the dev directory's `apple.json`); Google needs the issuer material (google-material.ts).
 */
import type { WalletSettings } from '../../kernel/env-wallet.js';
import { applePassTypeId } from '../apple/apple-material.js';
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

/** The APNs credentials, or undefined when any part is missing or the key does not parse. */
export function apnsCredentials(settings: WalletSettings): ApnsCredentials | undefined {
  const { keyId, teamId, url } = settings.apns;
  const pem = secretText(settings.apns.key);
  if (!pem || !keyId || !teamId) return undefined;
  try {
    return { key: apnsKey(pem), keyId, teamId, url };
  } catch {
    log('warn', 'APNS_KEY is not a private key: Apple pushes are skipped');
    return undefined;
  }
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
