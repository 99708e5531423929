/**
 * Builds a signed `.pkpass` (a storeCard) with passkit-generator: pass.json, the images, manifest.json
 * with SHA-1 digests and the detached PKCS#7 signature over it with the certificate chain.
 *
 * passkit-generator builds the PKCS#7 structure with node-forge, whose RSA is pure JavaScript: about
 * 19 of the 22 ms of CPU a pass took. {@link withNativeRsa} hands that one step, the RSASSA-PKCS1-v1_5
 * signature of the signed attributes, to node:crypto (OpenSSL); the structure, its attributes and the
 * certificates stay passkit-generator's. PKCS#1 v1.5 signatures are deterministic, so the bytes are
 * the ones forge would have made (pkpass.test.ts compares them).
 */
import { constants, createHash, createPrivateKey, privateEncrypt, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type forge from 'node-forge';
import type { PKPass } from 'passkit-generator';
import type { AppleMaterial } from './apple-material.js';
import type { ApplePassContent } from './pass-content.js';
import { passImages } from './pass-images.js';

export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';

/** Per-pass identifiers: the serial, the web service token and where the web service is. */
export interface ApplePassIdentity {
  readonly serialNumber: string;
  readonly authenticationToken: string;
  readonly webServiceURL: string;
}

function passJson(material: AppleMaterial, identity: ApplePassIdentity, content: ApplePassContent) {
  const storeCard = {
    // changeMessage: the lock screen announces the new balance when a push brings one.
    headerFields: [{ key: 'points', label: 'Points', value: content.points, changeMessage: 'Points: %@' }],
    primaryFields: [{ key: 'shop', label: 'Member', value: content.shopName }],
    secondaryFields: [
      { key: 'member', label: 'Member number', value: content.memberNumber },
      ...(content.rankName ? [{ key: 'rank', label: 'Rank', value: content.rankName }] : []),
    ],
    backFields: [{ key: 'about', label: 'Card', value: `${content.shopName} membership card` }],
  };
  return {
    formatVersion: 1,
    passTypeIdentifier: material.passTypeId,
    teamIdentifier: material.teamId,
    organizationName: content.shopName,
    description: `${content.shopName} membership card`,
    serialNumber: identity.serialNumber,
    authenticationToken: identity.authenticationToken,
    webServiceURL: identity.webServiceURL,
    logoText: content.logoText,
    backgroundColor: content.backgroundColor,
    foregroundColor: content.foregroundColor,
    labelColor: content.labelColor,
    barcodes: [
      {
        format: content.barcodeFormat,
        message: content.memberNumber,
        messageEncoding: 'iso-8859-1',
        altText: content.memberNumber,
      },
    ],
    storeCard,
  };
}

/** DER DigestInfo prefixes (RFC 8017, section 9.2, note 1) of the digests a pass signature uses. */
const DIGEST_INFO_PREFIX: Readonly<Record<string, Buffer>> = {
  sha1: Buffer.from('3021300906052b0e03021a05000414', 'hex'),
  sha256: Buffer.from('3031300d060960864801650304020105000420', 'hex'),
};

type ForgeKey = forge.pki.rsa.PrivateKey;
type ForgeSign = (md: forge.md.MessageDigest, scheme?: string) => string;

/** The pass libraries, and forge's own key parsing, kept before {@link withNativeRsa} swaps it. */
interface PassLibraries {
  readonly forge: typeof forge;
  readonly PKPass: typeof PKPass;
  readonly forgeDecryptRsaPrivateKey: typeof forge.pki.decryptRsaPrivateKey;
}

let libraries: PassLibraries | undefined;

/**
 * passkit-generator and node-forge (pure-JavaScript crypto), loaded on the first pass rather than at
 * start-up: several MB of heap and compiled code that processes issuing no pass never need. Loaded
 * with `require` (their CommonJS builds: one node-forge instance, the one passkit-generator uses), so
 * building a pass stays synchronous, as {@link withNativeRsa} needs.
 */
function passLibraries(): PassLibraries {
  if (!libraries) {
    const require = createRequire(import.meta.url);
    const forgeModule = require('node-forge') as typeof forge;
    libraries = {
      forge: forgeModule,
      PKPass: (require('passkit-generator') as { PKPass: typeof PKPass }).PKPass,
      forgeDecryptRsaPrivateKey: forgeModule.pki.decryptRsaPrivateKey.bind(forgeModule.pki),
    };
  }
  return libraries;
}

/** Parsed keys by PEM and passphrase (one or two in practice: the configured key). */
const parsedKeys = new Map<string, ForgeKey>();

/**
 * The forge key of `pem` whose `sign` computes RSASSA-PKCS1-v1_5 with node:crypto for SHA-1 and
 * SHA-256 digests (anything else goes to forge's own). Cached: a pass no longer parses the key.
 */
export function nativeSigningKey(pem: string, passphrase: string | undefined): ForgeKey | null {
  const cacheKey = createHash('sha256')
    .update(pem)
    .update('\0')
    .update(passphrase ?? '')
    .digest('hex');
  const cached = parsedKeys.get(cacheKey);
  if (cached) return cached;
  let key: ReturnType<ReturnType<typeof passLibraries>['forgeDecryptRsaPrivateKey']>;
  let native: KeyObject;
  try {
    // A wrong passphrase: forge answers null, or (about once in 270 salts) decrypts to bytes that
    // happen to end in valid padding and then throws parsing them; either way the key does not open.
    key = passLibraries().forgeDecryptRsaPrivateKey(pem, passphrase);
    if (!key) return null;
    native = createPrivateKey(passphrase ? { key: pem, passphrase } : pem);
  } catch {
    return null;
  }
  const forgeSign = key.sign.bind(key) as ForgeSign;
  const sign: ForgeSign = (md, scheme) => {
    const prefix = DIGEST_INFO_PREFIX[md.algorithm];
    if (!prefix || (scheme !== undefined && scheme.toUpperCase() !== 'RSASSA-PKCS1-V1_5')) return forgeSign(md, scheme);
    const digestInfo = Buffer.concat([prefix, Buffer.from(md.digest().getBytes(), 'binary')]);
    return privateEncrypt({ key: native, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
  };
  (key as { sign: ForgeSign }).sign = sign;
  if (parsedKeys.size >= 8) parsedKeys.clear();
  parsedKeys.set(cacheKey, key);
  return key;
}

/**
 * Runs `build` (synchronous, so nothing else runs meanwhile) with forge's key parsing answering
 * {@link nativeSigningKey}, then puts forge back as it was.
 */
function withNativeRsa<T>(build: () => T): T {
  const { forge } = passLibraries();
  const original = forge.pki.decryptRsaPrivateKey;
  forge.pki.decryptRsaPrivateKey = ((pem: string, passphrase?: string) =>
    nativeSigningKey(pem, passphrase)) as typeof original;
  try {
    return build();
  } finally {
    forge.pki.decryptRsaPrivateKey = original;
  }
}

/** The signed `.pkpass` bytes. */
export function buildPkpass(material: AppleMaterial, identity: ApplePassIdentity, content: ApplePassContent): Buffer {
  return withNativeRsa(() => buildWithForge(material, identity, content));
}

function buildWithForge(material: AppleMaterial, identity: ApplePassIdentity, content: ApplePassContent): Buffer {
  const pass = new (passLibraries().PKPass)(
    { ...passImages(), 'pass.json': Buffer.from(JSON.stringify(passJson(material, identity, content))) },
    {
      wwdr: material.wwdr,
      signerCert: material.signerCert,
      signerKey: material.signerKey,
      ...(material.signerKeyPassphrase ? { signerKeyPassphrase: material.signerKeyPassphrase } : {}),
    },
  );
  return pass.getAsBuffer();
}
