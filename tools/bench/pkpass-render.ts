/**
 * The CPU time of generating a signed Apple Wallet `.pkpass` (wallet/apple): pass.json, images,
 * manifest and the PKCS#7 signature with a 2048-bit RSA key, in this process, without HTTP or
 * GraphQL, after a warm-up. CPU time (`process.cpuUsage`, user + system) around N generations, so the
 * figure holds on a shared machine. Target: <= 20 ms per pass.
 */
import { createDevAppleMaterial } from '../../subgraphs/wallet/apple/dev-material.js';
import { buildPkpass } from '../../subgraphs/wallet/apple/pkpass.js';
import type { ApplePassContent } from '../../subgraphs/wallet/apple/pass-content.js';

/** The target of the bench row, CPU ms per pass. */
export const PKPASS_TARGET_MS = 20;

const CONTENT: ApplePassContent = {
  shopName: 'さくらマート',
  logoText: 'さくら会員',
  memberNumber: '20250001',
  points: 1200,
  rankName: 'ゴールド',
  barcodeFormat: 'PKBarcodeFormatQR',
  backgroundColor: 'rgb(16, 32, 48)',
  foregroundColor: 'rgb(255, 255, 255)',
  labelColor: 'rgb(160, 176, 192)',
};

/** CPU milliseconds per `.pkpass` over `passes` generations after 20 warm-up ones. */
export function measurePkpassGeneration(passes: number): { readonly name: string; readonly cpuMs: number } {
  const material = createDevAppleMaterial();
  const signing = {
    passTypeId: material.passTypeId,
    teamId: material.teamId,
    signerCert: material.passCertificate,
    signerKey: material.passKey,
    signerKeyPassphrase: undefined,
    wwdr: material.caCertificate,
  };
  const generate = (i: number) =>
    buildPkpass(
      signing,
      {
        serialNumber: `bench-${i}`,
        authenticationToken: 'x'.repeat(43),
        webServiceURL: 'https://example.jp/api/v1/wallet/apple',
      },
      { ...CONTENT, points: i },
    );
  for (let i = 0; i < 20; i++) generate(i);
  const start = process.cpuUsage();
  for (let i = 0; i < passes; i++) generate(i);
  const used = process.cpuUsage(start);
  return {
    name: `.pkpass generation (signed, RSA 2048), mean of ${passes}`,
    cpuMs: (used.user + used.system) / 1000 / passes,
  };
}
