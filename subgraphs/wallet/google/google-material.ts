/**
 * The Google Wallet issuer material: the issuer id and the service account's
 * JSON key, which signs save links and trades its own JWT for Wallet API access tokens. Read when
 * needed, never at start: from the variables of env-wallet.ts (inline JSON wins over `_FILE`), else,
 * outside production, from `google-service-account.json` in the wallet dev directory that
 * `ops -- wallet:dev-certs` writes (`{client_email, private_key, issuer_id}`). Files are read again
 * when their modification time changes, so material written while the service runs is used at once.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { WalletSettings } from '../../kernel/env-wallet.js';
import { UnavailableError } from '../../kernel/errors.js';

/** The dev file `wallet:dev-certs` writes beside the Apple material. */
export const GOOGLE_DEV_FILE = 'google-service-account.json';

/** What signs and authorizes Google Wallet calls. */
export interface GoogleMaterial {
  /** The issuer account id (digits): the prefix of every class and object id. */
  readonly issuerId: string;
  /** The service account (`client_email`): `iss` of every JWT. */
  readonly clientEmail: string;
  /** Its RSA key (`private_key`). */
  readonly privateKey: KeyObject;
  /** `private_key_id`, sent as the JWT `kid` when present. */
  readonly privateKeyId: string | undefined;
}

export const walletNotConfigured = (what: string) =>
  new UnavailableError(`${what} is not configured in this environment.`, 'wallet_not_configured');

interface ServiceAccountJson {
  readonly client_email?: unknown;
  readonly private_key?: unknown;
  readonly private_key_id?: unknown;
  readonly issuer_id?: unknown;
}

/** Parses a service-account JSON text; undefined when it lacks the email, the key or an issuer id. */
function parseServiceAccount(text: string, issuerFromEnv: string | undefined): GoogleMaterial | undefined {
  try {
    const json = JSON.parse(text) as ServiceAccountJson;
    const issuerId = issuerFromEnv ?? (typeof json.issuer_id === 'string' ? json.issuer_id : undefined);
    if (typeof json.client_email !== 'string' || typeof json.private_key !== 'string' || !issuerId) return undefined;
    return {
      issuerId,
      clientEmail: json.client_email,
      privateKey: createPrivateKey(json.private_key),
      privateKeyId: typeof json.private_key_id === 'string' ? json.private_key_id : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Parsed material by source (`inline` or the file path), kept while the text (or the file's mtime) is the same. */
const cache = new Map<string, { version: string; material: GoogleMaterial | undefined }>();

function cached(source: string, version: string, load: () => GoogleMaterial | undefined): GoogleMaterial | undefined {
  const hit = cache.get(source);
  if (hit?.version === version) return hit.material;
  const material = load();
  cache.set(source, { version, material });
  return material;
}

/** The Google material, or undefined when it is missing or incomplete (no issuer id, email or key). */
export function findGoogleMaterial(settings: WalletSettings): GoogleMaterial | undefined {
  const { issuerId } = settings.google;
  const { inline, file } = settings.google.serviceAccount;
  if (inline) return cached('inline', `${issuerId ?? ''}\u0000${inline}`, () => parseServiceAccount(inline, issuerId));
  const path = file ?? (settings.devDir ? join(settings.devDir, GOOGLE_DEV_FILE) : undefined);
  if (!path) return undefined;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  return cached(path, `${issuerId ?? ''}\u0000${mtimeMs}`, () => {
    try {
      return parseServiceAccount(readFileSync(path, 'utf8'), issuerId);
    } catch {
      return undefined;
    }
  });
}

/** {@link findGoogleMaterial}, or UNAVAILABLE `wallet_not_configured` (a 503 problem). */
export function requireGoogleMaterial(settings: WalletSettings): GoogleMaterial {
  const material = findGoogleMaterial(settings);
  if (!material) throw walletNotConfigured('Google Wallet');
  return material;
}
