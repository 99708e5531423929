/**
 * `npm run ops -- wallet:dev-certs` writes a test CA, a pass certificate it signed, the key, apple.json
 * and a Google service-account key (mode 0600) that the wallet then signs passes with; refuses to
 * overwrite without --force, and refuses in production.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walletSettings } from '../subgraphs/kernel/env-wallet.js';
import { loadAppleMaterial } from '../subgraphs/wallet/apple/apple-material.js';
import { buildPkpass } from '../subgraphs/wallet/apple/pkpass.js';
import { runOps } from '../test/ops-runner.js';
import { readZip } from '../test/fixtures/zip-reader.js';
import { CommandFailure } from './ops/command.js';
import { writeWalletDevCerts } from './ops/wallet-commands.js';

const root = mkdtempSync(join(tmpdir(), 'wallet-dev-certs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FILES = ['pass-cert.pem', 'pass-key.pem', 'wwdr.pem', 'apple.json', 'google-service-account.json'];

async function devCerts(dir: string, ...flags: string[]) {
  return runOps(['wallet:dev-certs', '--dir', dir, ...flags]);
}

describe('ops wallet:dev-certs', () => {
  it('writes a CA-signed pass certificate, its key, apple.json and a Google key, readable only by the owner', async () => {
    const dir = join(root, 'fresh');
    const run = await devCerts(dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      directory: dir,
      passTypeId: 'pass.dev.localhost.membership',
      files: FILES,
    });
    for (const name of FILES) expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
    const verified = execFileSync(
      'openssl',
      ['verify', '-CAfile', join(dir, 'wwdr.pem'), '-purpose', 'any', join(dir, 'pass-cert.pem')],
      { encoding: 'utf8' },
    );
    expect(verified).toContain(': OK');
    const subject = execFileSync('openssl', ['x509', '-noout', '-subject', '-in', join(dir, 'pass-cert.pem')], {
      encoding: 'utf8',
    });
    expect(subject).toContain('Pass Type ID: pass.dev.localhost.membership');
    expect(JSON.parse(readFileSync(join(dir, 'apple.json'), 'utf8'))).toEqual({
      passTypeId: 'pass.dev.localhost.membership',
      teamId: 'DEVTEAM000',
    });
    const google = JSON.parse(readFileSync(join(dir, 'google-service-account.json'), 'utf8')) as Record<string, string>;
    expect(google).toMatchObject({
      type: 'service_account',
      client_email: 'wallet-dev@localhost',
      issuer_id: '3388000000000000000',
    });
    expect(google.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(createPrivateKey(google.private_key!).asymmetricKeyType).toBe('rsa');
  });

  it('is what the wallet signs passes with when no variable is set', async () => {
    const dir = join(root, 'used');
    expect((await devCerts(dir)).code).toBe(0);
    const unset = walletSettings({}, 'development', 'memory://', () => undefined);
    const material = loadAppleMaterial({ ...unset, devDir: dir });
    expect(material).toMatchObject({ passTypeId: 'pass.dev.localhost.membership', teamId: 'DEVTEAM000' });
    const content = {
      shopName: 'S',
      logoText: 'S',
      memberNumber: '1',
      points: 0,
      rankName: null,
      barcodeFormat: 'PKBarcodeFormatQR',
      backgroundColor: 'rgb(0, 0, 0)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(255, 255, 255)',
    } as const;
    const identity = { serialNumber: 'x', authenticationToken: 'a'.repeat(32), webServiceURL: 'http://localhost/x' };
    const members = readZip(buildPkpass(material!, identity, content));
    expect(JSON.parse(members.get('pass.json')!.toString())).toMatchObject({
      passTypeIdentifier: material!.passTypeId,
    });
  });

  it('refuses to replace existing material without --force (409), replaces it with --force', async () => {
    const dir = join(root, 'again');
    expect((await devCerts(dir)).code).toBe(0);
    const before = readFileSync(join(dir, 'pass-cert.pem'), 'utf8');
    const refused = await devCerts(dir);
    expect(refused.code).not.toBe(0);
    expect(JSON.parse(refused.stderr)).toMatchObject({ status: 409, code: 'already_exists' });
    expect(readFileSync(join(dir, 'pass-cert.pem'), 'utf8')).toBe(before);
    const forced = await devCerts(dir, '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'pass-cert.pem'), 'utf8')).not.toBe(before);
  });

  it('writes to the wallet dev directory beside the data directory by default', async () => {
    const run = await runOps(['wallet:dev-certs']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { directory: string }).directory).toBe(join(dirname(run.dataDir), 'wallet-dev'));
  });

  it('refuses in production and writes nothing', () => {
    const dir = join(root, 'production');
    expect(() => writeWalletDevCerts({ nodeEnv: 'production', directory: dir, force: true })).toThrow(CommandFailure);
    expect(existsSync(dir)).toBe(false);
  });
});
