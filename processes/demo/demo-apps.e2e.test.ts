/**
 * The demo OAuth apps: stored with secret digests only, loaded once, and usable with their published
 * secrets: the first-party app gets a demo consumer a user token, the partner app gets the さくらマート
 * owner a store token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
// The ORM module loads reflect-metadata, which the entity decorators below need first.
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { findClient, issueAuthorizationCode, OAuthClient } from '../../subgraphs/identity/index.js';
import { postJson, viewer } from '../../test/fixtures/oauth.fixtures.js';
import { secretDigest } from '../../subgraphs/identity/oauth-client/client-credentials.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { DEMO_LOOPBACK_REDIRECT_URI, demoRedirectUris } from './demo-apps.js';
import { DEMO_APPS, DEMO_USERS, loadDemoData } from './demo-data.js';

let service: TestService;
const em = () => rootEntityManager(service.orm).fork();

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

async function demoUserId(email: string): Promise<string> {
  const rows = await em().execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', [email]);
  return rows[0]!.id;
}

/** Consent as the pages would give it, then the JSON token exchange with the app's published secret. */
async function accessToken(app: (typeof DEMO_APPS)[number], userId: string): Promise<string> {
  const client = await findClient(em(), app.clientId);
  const { code } = await issueAuthorizationCode(em(), {
    client: client!,
    userId,
    businessAccountId: app.businessAccountId,
    redirectUri: DEMO_LOOPBACK_REDIRECT_URI,
    scopes: app.scopes.slice(0, 2),
  });
  const response = await postJson(service, '/api/v1/auth/token', {
    grantType: 'authorization_code',
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    code,
    redirectUri: DEMO_LOOPBACK_REDIRECT_URI,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

describe('demo apps', () => {
  it('are stored once, with only the digest of their secret', async () => {
    expect((await loadDemoData(service.orm, { publicUrl: service.env.publicUrl })).loaded).toBe(false);
    const rows = await em().find(OAuthClient, {}, { populate: ['clientSecretHash'], orderBy: { clientId: 'asc' } });
    expect(rows.map((r) => r.clientId)).toEqual(DEMO_APPS.map((a) => a.clientId).sort());
    for (const app of DEMO_APPS) {
      const row = rows.find((r) => r.clientId === app.clientId)!;
      expect(row.clientSecretHash).toBe(secretDigest(app.clientSecret));
      expect(row).toMatchObject({ firstParty: app.firstParty, redirectUris: demoRedirectUris(service.env.publicUrl) });
    }
  });

  it("accept the callback of the service's public URL, also when the demo data was loaded under another", async () => {
    expect(demoRedirectUris('http://localhost:4720')).toEqual([
      'http://localhost:4720/demo/callback',
      'http://localhost:4720/receipts/callback',
      'http://localhost:4720/dashboard/callback',
      DEMO_LOOPBACK_REDIRECT_URI,
    ]);
    const before = await em().find(OAuthClient, {}, { orderBy: { clientId: 'asc' } });
    try {
      await loadDemoData(service.orm, { publicUrl: 'http://localhost:4720' });
      for (const row of await em().find(OAuthClient, {}, { orderBy: { clientId: 'asc' } })) {
        expect(row.redirectUris).toEqual([
          ...demoRedirectUris(service.env.publicUrl),
          'http://localhost:4720/demo/callback',
          'http://localhost:4720/receipts/callback',
          'http://localhost:4720/dashboard/callback',
        ]);
      }
    } finally {
      // Other tests of this file expect the URIs the service started with.
      for (const row of before)
        await em().nativeUpdate(OAuthClient, { id: row.id }, { redirectUris: row.redirectUris });
    }
  });

  it('give a demo consumer a user token through the first-party app', async () => {
    const app = DEMO_APPS.find((a) => a.firstParty)!;
    const token = await accessToken(app, await demoUserId(DEMO_USERS[0].email));
    expect(await viewer(service, token)).toMatchObject({ kind: 'user', clientId: app.clientId });
  });

  it('give the さくらマート owner a store token through the partner app', async () => {
    const app = DEMO_APPS.find((a) => !a.firstParty)!;
    expect(app.scopes.every((s) => s.startsWith('store.'))).toBe(true);
    const token = await accessToken(app, await demoUserId(DEMO_USERS[1].email));
    expect(await viewer(service, token)).toMatchObject({ kind: 'business', clientId: app.clientId });
  });
});
