/**
 * POST /api/v1/apps/{shopId}/wallet/push/{customerId} with APNs certificate authentication: the service
 * has Apple pass material (a pass certificate signed by a test CA) and no APNs key, and APNS_URL points
 * at a local TLS APNs (test/fixtures/fake-apns-tls.ts) whose CA the service trusts through APNS_CA_FILE.
 * Each registered Apple Wallet device gets one push on the pass type topic, over a connection that
 * presented the pass certificate, without an authorization header; when APNs refuses the certificate
 * the push answers 200 with apple 0, never an error. Answers are checked against the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { createDevAppleMaterial, type DevAppleMaterial } from '../../subgraphs/wallet/apple/dev-material.js';
import { registerToken } from '../../subgraphs/wallet/notification-token/notification-token.store.js';
import { createTestCa, startFakeApnsTls, type FakeApnsTls } from '../../test/fixtures/fake-apns-tls.js';
import { createBusiness, createUser } from '../../test/fixtures/oauth.fixtures.js';
import { createShopApp } from '../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../test/fixtures/wallet.fixtures.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';

const PASS_TYPE_ID = 'pass.test.push.certificate';
const dir = mkdtempSync(join(tmpdir(), 'wallet-push-certificate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let service: TestService;
let apns: FakeApnsTls;
let pass: DevAppleMaterial;
let shopId: string;

beforeAll(async () => {
  pass = createDevAppleMaterial(PASS_TYPE_ID, 'TEAMPUSH01');
  apns = await startFakeApnsTls(pass.caCertificate);
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  service = await startTestService({
    demoData: false,
    env: {
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
      APPLE_TEAM_ID: 'TEAMPUSH01',
      APPLE_PASS_CERT_FILE: file('cert.pem', pass.passCertificate),
      APPLE_PASS_KEY_FILE: file('key.pem', pass.passKey),
      APPLE_WWDR_CERT_FILE: file('wwdr.pem', pass.caCertificate),
      APNS_URL: apns.url,
      APNS_CA_FILE: file('apns-ca.pem', apns.ca),
    },
  });
  shopId = `apns-cert-${process.pid}`;
  await createShopApp(service, shopId, await createBusiness(service, `o-${randomUUID()}@example.test`));
});

/** A customer with `count` Apple Wallet device registrations; their push tokens. */
async function customerWithDevices(count: number): Promise<{ customerId: string; devices: string[] }> {
  const customerId = await insertCustomer(service, shopId, await createUser(service), { points: 10 });
  const devices = Array.from({ length: count }, () => randomUUID().replaceAll('-', ''));
  for (const pushToken of devices) {
    await registerToken(rootEntityManager(service.orm).fork(), service.env, {
      customerId,
      channel: 'apple-wallet',
      deviceId: `device-${pushToken}`,
      pushToken,
    });
  }
  return { customerId, devices };
}

const push = (customerId: string) =>
  service.rest('POST', `/api/v1/apps/${shopId}/wallet/push/${customerId}`, TEST_OPERATOR_TOKEN);
const receivedBy = (device: string) => apns.received.filter((r) => r.deviceToken === device);

describe('wallet push with APNs certificate authentication', () => {
  it('200: one push per device over a connection presenting the pass certificate, no authorization header', async () => {
    const { customerId, devices } = await customerWithDevices(2);
    const answer = await push(customerId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updates: 2, apple: 2, google: 0 });
    for (const device of devices) {
      const [received, ...more] = receivedBy(device);
      expect(more).toEqual([]);
      expect(received).toMatchObject({
        path: `/3/device/${device}`,
        body: '{}',
        headers: { ':method': 'POST', 'apns-topic': PASS_TYPE_ID },
        clientSubject: { UID: PASS_TYPE_ID, CN: `Pass Type ID: ${PASS_TYPE_ID}` },
      });
      expect(received!.headers).not.toHaveProperty('authorization');
    }
  });

  it('APNs refusing the certificate: 200 with apple 0, nothing delivered, the registrations kept', async () => {
    const { customerId, devices } = await customerWithDevices(1);
    const refusedBefore = apns.refusedHandshakes();
    apns.trustClients(createTestCa().certificate);
    try {
      const answer = await push(customerId);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ updates: 0, apple: 0, google: 0 });
    } finally {
      apns.trustClients(pass.caCertificate);
    }
    expect(receivedBy(devices[0]!)).toEqual([]);
    expect(apns.refusedHandshakes()).toBeGreaterThan(refusedBefore);
    // Refused is a failure, not a gone device: the next push reaches it.
    const again = await push(customerId);
    expect(again.body).toEqual({ updates: 1, apple: 1, google: 0 });
    expect(receivedBy(devices[0]!)).toHaveLength(1);
  });
});
