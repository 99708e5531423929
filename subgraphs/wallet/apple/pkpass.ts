/**
 * Builds a signed `.pkpass` (a storeCard) with passkit-generator: pass.json, the images, manifest.json
 * with SHA-1 digests and the detached PKCS#7 signature over it with the certificate chain.
 */
import { PKPass } from 'passkit-generator';
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

/** The signed `.pkpass` bytes. */
export function buildPkpass(material: AppleMaterial, identity: ApplePassIdentity, content: ApplePassContent): Buffer {
  const pass = new PKPass(
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
