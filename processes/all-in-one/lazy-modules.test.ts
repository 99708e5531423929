/**
 * Memory of `npm start`: modules only a rare path uses are not loaded at start-up. A fresh process
 * records every module URL it resolves (module.registerHooks), imports the whole one-process service,
 * and reports which heavy packages were loaded; then it renders a QR card and parses a pass signing
 * key, reporting after each, so the test also sees that the hook notices each package when it loads.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ALL_IN_ONE = new URL('./all-in-one.js', import.meta.url).href;
const QR_CARD = new URL('../../subgraphs/receipts/qr/qr-card.js', import.meta.url).href;
const QR_SYMBOL = new URL('../../subgraphs/receipts/qr/qr-symbol.js', import.meta.url).href;
const PKPASS = new URL('../../subgraphs/wallet/apple/pkpass.js', import.meta.url).href;

const SCRIPT = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.add(r.url); return r; } });
const loaded = (name) => [...seen].some((url) => url.includes('/node_modules/' + name + '/'));
const heavy = () => Object.fromEntries(['pdfkit', 'passkit-generator', 'node-forge'].map((name) => [name, loaded(name)]));
await import(${JSON.stringify(ALL_IN_ONE)});
const atStart = heavy();
const { renderQrCard } = await import(${JSON.stringify(QR_CARD)});
const { qrSymbol } = await import(${JSON.stringify(QR_SYMBOL)});
const url = 'http://localhost:4000/receipts/terminal/ABCDEFGHJK';
const pdf = await renderQrCard({ symbol: qrSymbol(url), url, storeName: 'さくらマート', subject: 'terminal',
  reference: 'ABCDEFGHJK', lang: 'ja', createdAt: new Date('2026-01-02T03:04:05Z') });
const afterCard = heavy();
const { generateKeyPairSync } = await import('node:crypto');
const { nativeSigningKey } = await import(${JSON.stringify(PKPASS)});
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' });
const key = nativeSigningKey(pem, undefined);
process.stdout.write(JSON.stringify({ atStart, afterCard, afterKey: heavy(), pdf: pdf.subarray(0, 5).toString(), key: typeof key?.sign }));
`;

describe('start-up memory: heavy modules of rare paths', () => {
  it('loads pdfkit on the first QR card and the pass libraries on the first signing key, not with the service', () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const report = JSON.parse(child.stdout) as Record<string, unknown>;
    expect(report).toEqual({
      atStart: { pdfkit: false, 'passkit-generator': false, 'node-forge': false },
      afterCard: { pdfkit: true, 'passkit-generator': false, 'node-forge': false },
      afterKey: { pdfkit: true, 'passkit-generator': true, 'node-forge': true },
      pdf: '%PDF-',
      key: 'function',
    });
  }, 120_000);
});
