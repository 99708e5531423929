/**
 * Google material: inline JSON wins over files; unset variables fall back to the dev directory's
 * `google-service-account.json`; a file written or rewritten after the first look is used at once;
 * anything incomplete (no issuer id, no key, not JSON) is "not configured" (503 wallet_not_configured).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { walletSettings } from '../../kernel/env-wallet.js';
import { ErrorCode } from '../../kernel/errors.js';
import { findGoogleMaterial, GOOGLE_DEV_FILE, requireGoogleMaterial } from './google-material.js';

const root = mkdtempSync(join(tmpdir(), 'wallet-dev-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dir = root;
// Tests run shuffled: each gets a directory of its own.
beforeEach(() => {
  dir = mkdtempSync(join(root, 'case-'));
});

const pem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

/** Settings as env.ts builds them, with the dev directory `dir` (development mode: DATA_DIR's sibling). */
const settings = (source: Record<string, string> = {}, nodeEnv: 'development' | 'production' = 'development') =>
  walletSettings(source, nodeEnv, join(dir, 'pglite'), () => undefined);

describe('Google material', () => {
  it('is not configured without variables or dev file, and requiring it is UNAVAILABLE wallet_not_configured', () => {
    expect(findGoogleMaterial(settings())).toBeUndefined();
    expect(() => requireGoogleMaterial(settings())).toThrow(
      expect.objectContaining({
        extensions: expect.objectContaining({ code: ErrorCode.Unavailable, reason: 'wallet_not_configured' }),
      }),
    );
  });

  it("reads the dev directory's file, and a rewrite of it at once", () => {
    const file = join(dir, 'wallet-dev', GOOGLE_DEV_FILE);
    expect(findGoogleMaterial(settings())).toBeUndefined();
    mkdirSync(join(dir, 'wallet-dev'));
    writeFileSync(file, JSON.stringify({ client_email: 'a@x.test', private_key: pem(), issuer_id: '111' }));
    expect(findGoogleMaterial(settings())).toMatchObject({ issuerId: '111', clientEmail: 'a@x.test' });
    writeFileSync(
      file,
      JSON.stringify({ client_email: 'b@x.test', private_key: pem(), issuer_id: '222', private_key_id: 'k2' }),
    );
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(findGoogleMaterial(settings())).toMatchObject({
      issuerId: '222',
      clientEmail: 'b@x.test',
      privateKeyId: 'k2',
    });
    expect(findGoogleMaterial(settings({ GOOGLE_WALLET_ISSUER_ID: '333' }))).toMatchObject({ issuerId: '333' });
    // Never the dev directory in production.
    expect(findGoogleMaterial(settings({}, 'production'))).toBeUndefined();
  });

  it('takes inline JSON over a file, and refuses incomplete material', () => {
    const key = pem();
    const inline = JSON.stringify({ client_email: 'c@x.test', private_key: key });
    expect(findGoogleMaterial(settings({ GOOGLE_WALLET_SERVICE_ACCOUNT: inline }))).toBeUndefined(); // no issuer id
    expect(
      findGoogleMaterial(settings({ GOOGLE_WALLET_SERVICE_ACCOUNT: inline, GOOGLE_WALLET_ISSUER_ID: '444' })),
    ).toMatchObject({ issuerId: '444', clientEmail: 'c@x.test', privateKeyId: undefined });
    const file = join(dir, 'sa.json');
    writeFileSync(file, JSON.stringify({ client_email: 'd@x.test', private_key: key, issuer_id: '555' }));
    expect(findGoogleMaterial(settings({ GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: file }))).toMatchObject({
      issuerId: '555',
    });
    for (const bad of [
      'not json',
      JSON.stringify({ client_email: 'e@x.test', issuer_id: '1' }),
      JSON.stringify({ private_key: 'nope', client_email: 'e', issuer_id: '1' }),
    ]) {
      expect(findGoogleMaterial(settings({ GOOGLE_WALLET_SERVICE_ACCOUNT: bad })), bad).toBeUndefined();
    }
  });
});
