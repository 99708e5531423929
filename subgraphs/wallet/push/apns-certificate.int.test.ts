/**
 * APNs certificate authentication against a local TLS APNs (test/fixtures/fake-apns-tls.ts): the pass
 * type certificate is the TLS client certificate and no `authorization` header is sent; a server that
 * does not trust the certificate's CA refuses the handshake and every push fails (never hangs, never
 * throws); the fake's server certificate is trusted only through `ca`, added to Node's roots.
 */
import { createPrivateKey } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevAppleMaterial, type DevAppleMaterial } from '../apple/dev-material.js';
import { createTestCa, startFakeApnsTls, type FakeApnsTls } from '../../../test/fixtures/fake-apns-tls.js';
import { pushPassUpdates, type ApnsCertificateCredentials } from './apns.js';
import { PushOutcome } from './push-transport.js';

const PASS_TYPE_ID = 'pass.test.apns.certificate';
let pass: DevAppleMaterial;
let apns: FakeApnsTls;
let credentials: ApnsCertificateCredentials;

beforeAll(async () => {
  pass = createDevAppleMaterial(PASS_TYPE_ID, 'TEAMCERT01');
  apns = await startFakeApnsTls(pass.caCertificate);
  credentials = { kind: 'certificate', cert: pass.passCertificate, key: pass.passKey, url: apns.url, ca: apns.ca };
});

const token = () => crypto.randomUUID().replaceAll('-', '');
const receivedBy = (deviceToken: string) => apns.received.filter((r) => r.deviceToken === deviceToken);

describe('APNs certificate authentication', () => {
  it('presents the pass type certificate, sends no authorization header, one outcome per token', async () => {
    const [a, b, gone] = [token(), token(), token()];
    apns.answers.set(gone, { status: 410, reason: 'Unregistered' });
    const outcomes = await pushPassUpdates(credentials, [a, b, gone], PASS_TYPE_ID);
    expect(outcomes).toEqual([PushOutcome.Sent, PushOutcome.Sent, PushOutcome.Gone]);
    for (const device of [a, b, gone]) {
      const [received, ...more] = receivedBy(device);
      expect(more).toEqual([]);
      expect(received).toMatchObject({
        path: `/3/device/${device}`,
        body: '{}',
        headers: { ':method': 'POST', 'apns-topic': PASS_TYPE_ID, 'apns-push-type': 'background' },
        clientSubject: { UID: PASS_TYPE_ID, CN: `Pass Type ID: ${PASS_TYPE_ID}` },
      });
      expect(received!.headers).not.toHaveProperty('authorization');
    }
  });

  it('works with a passphrase-protected pass key', async () => {
    const encrypted = createPrivateKey(pass.passKey).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'correct horse',
    }) as string;
    const device = token();
    const outcomes = await pushPassUpdates(
      { ...credentials, key: encrypted, passphrase: 'correct horse' },
      [device],
      PASS_TYPE_ID,
    );
    expect(outcomes).toEqual([PushOutcome.Sent]);
    expect(receivedBy(device)[0]!.clientSubject).toMatchObject({ UID: PASS_TYPE_ID });
  });

  it('a server that does not trust the certificate refuses the handshake: every push fails, nothing arrives', async () => {
    const other = await startFakeApnsTls(createTestCa().certificate);
    const [a, b] = [token(), token()];
    const started = Date.now();
    const outcomes = await pushPassUpdates({ ...credentials, url: other.url, ca: other.ca }, [a, b], PASS_TYPE_ID);
    expect(outcomes).toEqual([PushOutcome.Failed, PushOutcome.Failed]);
    expect(Date.now() - started).toBeLessThan(5_000); // refused, not timed out
    expect(other.received).toEqual([]);
    expect(other.refusedHandshakes()).toBeGreaterThan(0);
  });

  it("without `ca` the fake's server certificate is not trusted (Node's roots only): nothing is sent", async () => {
    const { ca: _ca, ...withoutCa } = credentials;
    const device = token();
    expect(await pushPassUpdates(withoutCa, [device], PASS_TYPE_ID)).toEqual([PushOutcome.Failed]);
    expect(receivedBy(device)).toEqual([]);
  });
});
