/**
 * Local signing material for development and tests (`npm run ops -- wallet:dev-certs`): a test CA
 * ("Wallet Dev CA") standing in for Apple's WWDR, a pass type certificate it signs, and a Google
 * service-account key. Passes signed with it verify against the CA, not on a real iPhone.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export const DEV_PASS_TYPE_ID = 'pass.dev.localhost.membership';
export const DEV_TEAM_ID = 'DEVTEAM000';
export const DEV_GOOGLE_ISSUER_ID = '3388000000000000000';

/** PEM texts of a dev CA and a pass certificate it signed. */
export interface DevAppleMaterial {
  readonly passTypeId: string;
  readonly teamId: string;
  readonly caCertificate: string;
  readonly passCertificate: string;
  readonly passKey: string;
}

/** A new RSA-2048 key pair: its PKCS#8 PEM and its forge private and public keys. */
export function rsaKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const key = forge.pki.privateKeyFromPem(pem);
  return { pem, key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** An unsigned X.509 certificate of `subject` for `publicKey`, valid from a minute ago for five years. */
export function certificate(
  subject: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  extensions: object[],
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: the high bit cleared.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000);
  cert.setSubject(subject);
  cert.setExtensions(extensions);
  return cert;
}

/** A fresh dev CA and a pass type certificate (`Pass Type ID: <passTypeId>`) signed by it. */
export function createDevAppleMaterial(passTypeId = DEV_PASS_TYPE_ID, teamId = DEV_TEAM_ID): DevAppleMaterial {
  const ca = rsaKeys();
  const caSubject = [
    { name: 'commonName', value: 'Wallet Dev CA' },
    { name: 'organizationName', value: 'Wallet Dev' },
  ];
  const caCert = certificate(caSubject, ca.publicKey, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.setIssuer(caSubject);
  caCert.sign(ca.key, forge.md.sha256.create());

  const pass = rsaKeys();
  const passCert = certificate(
    [
      { name: 'commonName', value: `Pass Type ID: ${passTypeId}` },
      { type: '0.9.2342.19200300.100.1.1', value: passTypeId },
      { name: 'organizationalUnitName', value: teamId },
      { name: 'organizationName', value: 'Wallet Dev' },
    ],
    pass.publicKey,
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
  );
  passCert.setIssuer(caSubject);
  passCert.sign(ca.key, forge.md.sha256.create());
  return {
    passTypeId,
    teamId,
    caCertificate: forge.pki.certificateToPem(caCert),
    passCertificate: forge.pki.certificateToPem(passCert),
    passKey: pass.pem,
  };
}

/** A Google service-account JSON key for development (RS256 PKCS#8 PEM), as the google part reads it. */
export function createDevGoogleServiceAccount(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    type: 'service_account',
    client_email: 'wallet-dev@localhost',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    issuer_id: DEV_GOOGLE_ISSUER_ID,
  };
}
