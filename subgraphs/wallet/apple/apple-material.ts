/**
 * Apple Wallet signing material (env-wallet.ts): the pass type id, team id, pass certificate, its key
 * and the WWDR certificate, each from its variable (inline or `_FILE`) or else from the dev directory
 * that `npm run ops -- wallet:dev-certs` writes (never in production). Read when needed, and files are
 * cached by modification time, so material written while the service runs is used without a restart.
 */
import { join } from 'node:path';
import { UnavailableError } from '../../kernel/errors.js';
import type { WalletSettings } from '../../kernel/env-wallet.js';
import { readCached, secretText } from '../material-files.js';

/** File names in the dev directory (written by `wallet:dev-certs`). */
export const APPLE_DEV_FILES = {
  certificate: 'pass-cert.pem',
  privateKey: 'pass-key.pem',
  wwdrCertificate: 'wwdr.pem',
  identifiers: 'apple.json',
} as const;

/** Everything a signed `.pkpass` needs. */
export interface AppleMaterial {
  readonly passTypeId: string;
  readonly teamId: string;
  readonly signerCert: string;
  readonly signerKey: string;
  readonly signerKeyPassphrase: string | undefined;
  readonly wwdr: string;
}

/** `{passTypeId, teamId}` of the dev directory's apple.json, or empty. */
function devIdentifiers(devDir: string | undefined): { passTypeId?: unknown; teamId?: unknown } {
  const text = devDir ? readCached(join(devDir, APPLE_DEV_FILES.identifiers)) : undefined;
  if (!text) return {};
  try {
    return JSON.parse(text) as { passTypeId?: unknown; teamId?: unknown };
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The configured pass type id (the variable, else the dev directory's), or null. */
export function applePassTypeId(wallet: WalletSettings): string | null {
  return wallet.apple.passTypeId ?? str(devIdentifiers(wallet.devDir).passTypeId) ?? null;
}

/** The complete signing material, or null when any part is missing. */
export function loadAppleMaterial(wallet: WalletSettings): AppleMaterial | null {
  const { apple, devDir } = wallet;
  const dev = devIdentifiers(devDir);
  const passTypeId = apple.passTypeId ?? str(dev.passTypeId);
  const teamId = apple.teamId ?? str(dev.teamId);
  const signerCert = secretText(apple.certificate, devDir, APPLE_DEV_FILES.certificate);
  const signerKey = secretText(apple.privateKey, devDir, APPLE_DEV_FILES.privateKey);
  const wwdr = secretText(apple.wwdrCertificate, devDir, APPLE_DEV_FILES.wwdrCertificate);
  if (!passTypeId || !teamId || !signerCert || !signerKey || !wwdr) return null;
  return { passTypeId, teamId, signerCert, signerKey, signerKeyPassphrase: apple.privateKeyPassphrase, wwdr };
}

export const appleNotConfigured = () =>
  new UnavailableError(
    'Apple Wallet passes are not configured in this environment (pass type id, team id, pass certificate and key, WWDR certificate).',
    'wallet_not_configured',
  );

/** {@link loadAppleMaterial}, or UNAVAILABLE `wallet_not_configured` (a 503). */
export function requireAppleMaterial(wallet: WalletSettings): AppleMaterial {
  const material = loadAppleMaterial(wallet);
  if (!material) throw appleNotConfigured();
  return material;
}
