/**
 * Issue 11's acceptance on the demo data: after `npm run ops -- wallet:dev-certs`, hanako's mobile-a
 * pass at the demo shop app downloads and verifies against the dev CA, mobile-b gives a save link
 * signed by the dev service account, and push reports its count. Before the command, both are 503.
 */
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { readZip } from '../../test/fixtures/zip-reader.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { writeWalletDevCerts } from '../../tools/ops/wallet-commands.js';
import { DEMO_CUSTOMER_ID } from './demo-customers.js';

const devDir = mkdtempSync(join(tmpdir(), 'demo-wallet-'));
let service: TestService;
let hanakoToken: string;
const path = (platform: string) => `/api/v1/apps/sakura-mart/wallet/${platform}/${DEMO_CUSTOMER_ID}`;
const get = (platform: string) => service.call(path(platform), { headers: { authorization: `Bearer ${hanakoToken}` } });

beforeAll(async () => {
  service = await startTestService({
    demoData: true,
    firstDemoLoad: true,
    // The Google Wallet API is not reachable from tests: a closed local port instead of Google's.
    env: { WALLET_DEV_DIR: devDir, GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9/token' },
  });
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', ['hanako@example.com']);
  const app = await registerApp(service, ['user.profile.read']);
  hanakoToken = (await tokensFor(service, app, rows[0]!.id, { scopes: ['user.profile.read'] })).accessToken;
});

afterAll(() => rmSync(devDir, { recursive: true, force: true }));

describe("hanako's demo membership card", () => {
  it('is 503 on both platforms until the dev material exists, then a verified pass and a signed save link', async () => {
    expect((await get('mobile-a')).status).toBe(503);
    expect((await get('mobile-b')).status).toBe(503);
    writeWalletDevCerts({ nodeEnv: 'test', directory: devDir, force: false });

    const pass = await get('mobile-a');
    expect(pass.status).toBe(200);
    expect(pass.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const members = readZip(Buffer.from(await pass.arrayBuffer()));
    const manifest = JSON.parse(members.get('manifest.json')!.toString()) as Record<string, string>;
    for (const [name, digest] of Object.entries(manifest))
      expect(createHash('sha1').update(members.get(name)!).digest('hex'), name).toBe(digest);
    writeFileSync(join(devDir, 'manifest.json'), members.get('manifest.json')!);
    writeFileSync(join(devDir, 'signature'), members.get('signature')!);
    const verify = ['smime', '-verify', '-binary', '-inform', 'der', '-in', join(devDir, 'signature')];
    verify.push('-content', join(devDir, 'manifest.json'), '-CAfile', join(devDir, 'wwdr.pem'), '-purpose', 'any');
    expect(() => execFileSync('openssl', [...verify, '-out', '/dev/null'], { stdio: 'pipe' })).not.toThrow();
    expect(JSON.parse(members.get('pass.json')!.toString())).toMatchObject({
      passTypeIdentifier: 'pass.dev.localhost.membership',
      webServiceURL: `${service.env.publicUrl}/api/v1/wallet/apple`,
      storeCard: { headerFields: [{ key: 'points', value: 1200 }] },
    });

    const save = await get('mobile-b');
    expect(save.status).toBe(200);
    const { saveUrl } = (await save.json()) as { saveUrl: string };
    expect(saveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const account = JSON.parse(readFileSync(join(devDir, 'google-service-account.json'), 'utf8')) as {
      private_key: string;
    };
    const { payload } = await jwtVerify(
      saveUrl.split('/').pop()!,
      createPublicKey(createPrivateKey(account.private_key)),
      {
        audience: 'google',
      },
    );
    expect(payload).toMatchObject({ typ: 'savetowallet' });
  });

  it('push reports its count', async () => {
    const pushed = await service.call(path('push'), {
      method: 'POST',
      headers: { authorization: `Bearer ${hanakoToken}` },
    });
    expect(pushed.status).toBe(200);
    expect(await pushed.json()).toEqual({
      updates: expect.any(Number),
      apple: expect.any(Number),
      google: expect.any(Number),
    });
  });
});
