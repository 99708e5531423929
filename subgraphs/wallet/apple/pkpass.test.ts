import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { createDevAppleMaterial } from './dev-material.js';
import { buildPkpass, nativeSigningKey } from './pkpass.js';

const material = createDevAppleMaterial();
const encrypted = forge.pki.encryptRsaPrivateKey(forge.pki.privateKeyFromPem(material.passKey), 'secret words');

function digest(algorithm: 'sha1' | 'sha256' | 'md5', text: string): forge.md.MessageDigest {
  const md = forge.md[algorithm].create();
  md.update(text);
  return md;
}

const forgeSignature = (pem: string, passphrase: string | undefined, md: forge.md.MessageDigest) =>
  forge.pki.decryptRsaPrivateKey(pem, passphrase).sign(md, 'RSASSA-PKCS1-V1_5');

describe('nativeSigningKey', () => {
  it.each(['sha1', 'sha256', 'md5'] as const)(
    'signs a %s digest to the very bytes forge makes (PKCS#1 v1.5 is deterministic)',
    (algorithm) => {
      const key = nativeSigningKey(material.passKey, undefined)!;
      expect(key.sign(digest(algorithm, 'signed attributes'), 'RSASSA-PKCS1-V1_5')).toBe(
        forgeSignature(material.passKey, undefined, digest(algorithm, 'signed attributes')),
      );
    },
  );

  it('opens a key encrypted with a passphrase, and answers null for a wrong one', () => {
    const key = nativeSigningKey(encrypted, 'secret words')!;
    expect(key.sign(digest('sha1', 'x'))).toBe(forgeSignature(encrypted, 'secret words', digest('sha1', 'x')));
    expect(nativeSigningKey(encrypted, 'wrong words')).toBeNull();
  });

  it('answers null, never throws, for a wrong passphrase that decrypts to bytes forge cannot parse', () => {
    // About one salt in 270 makes the wrong passphrase's plaintext end in valid padding: forge then
    // throws parsing it instead of answering null. Such a key is found by trying salts. One PBKDF2
    // iteration (any count is valid PKCS #5): with forge's default 2,048 in JavaScript, the search
    // took over 100 s on a loaded 2-core machine when the lucky salt came late.
    const plain = forge.pki.privateKeyFromPem(material.passKey);
    let throwing: string | undefined;
    for (let i = 0; i < 5_000 && throwing === undefined; i += 1) {
      const candidate = forge.pki.encryptRsaPrivateKey(plain, 'secret words', { count: 1 });
      try {
        forge.pki.decryptRsaPrivateKey(candidate, 'wrong words');
      } catch {
        throwing = candidate;
      }
    }
    expect(throwing).toBeDefined();
    expect(nativeSigningKey(throwing!, 'wrong words')).toBeNull();
    expect(nativeSigningKey(throwing!, 'secret words')).not.toBeNull();
  }, 60_000);
});

describe('buildPkpass', () => {
  const signing = {
    passTypeId: material.passTypeId,
    teamId: material.teamId,
    signerCert: material.passCertificate,
    signerKey: material.passKey,
    signerKeyPassphrase: undefined,
    wwdr: material.caCertificate,
  };
  const build = () =>
    buildPkpass(
      signing,
      { serialNumber: 's-1', authenticationToken: 'a'.repeat(43), webServiceURL: 'https://example.test/wallet' },
      {
        shopName: 'Shop',
        logoText: 'Shop',
        memberNumber: '1',
        points: 1,
        rankName: null,
        barcodeFormat: 'PKBarcodeFormatQR',
        backgroundColor: 'rgb(0, 0, 0)',
        foregroundColor: 'rgb(255, 255, 255)',
        labelColor: 'rgb(128, 128, 128)',
      },
    );

  it("signs without forge's JavaScript RSA, and puts forge's key parsing back", () => {
    // Not in forge's typings: the raw RSA operation forge's own key.sign ends in.
    const rsa = forge.pki.rsa as unknown as { encrypt: (...args: unknown[]) => unknown };
    const { encrypt } = rsa;
    const parse = forge.pki.decryptRsaPrivateKey;
    rsa.encrypt = () => {
      throw new Error('forge RSA used');
    };
    try {
      expect(build().subarray(0, 2).toString('latin1')).toBe('PK');
    } finally {
      rsa.encrypt = encrypt;
    }
    expect(forge.pki.decryptRsaPrivateKey).toBe(parse);
  });
});
