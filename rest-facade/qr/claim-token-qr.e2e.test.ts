/**
 * The transaction-QR token rows through the facade: the PNG and the card of an active token read back
 * by independent decoders to `{PUBLIC_URL}/receipts/rx/{token}` (the card also prints it and a short reference),
 * 404 for every token that is not active (unknown, claimed, revoked), 400 for a bad size or lang.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTerminal, recordSale } from '../../test/fixtures/receipts.fixtures.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { decodePdfQr, decodeQrPng, readPdf } from '../../test/qr-files.js';

const PUBLIC_URL = 'https://receipts.example.jp';
const LISTED_STORE = '01900000-0000-7000-8002-000000000001'; // さくらマート 渋谷店

let service: TestService;
let terminal: string;

beforeAll(async () => {
  service = await startTestService({ env: { PUBLIC_URL } });
  terminal = await createTerminal(service, LISTED_STORE);
});

async function get(path: string) {
  const response = await service.call(path);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function problem(path: string) {
  const response = await service.call(path);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('GET /api/v1/claim-tokens/{claimToken}/qr.png and qr.pdf', () => {
  it('answer the code of the token’s receipt page, privately cached, at the size asked for', async () => {
    const { transactionQrToken } = await recordSale(service, terminal);
    const { response, bytes } = await get(`/api/v1/claim-tokens/${transactionQrToken}/qr.png?size=200`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const png = decodeQrPng(bytes);
    expect([png.width, png.height, png.qr?.text]).toEqual([
      200,
      200,
      `${PUBLIC_URL}/receipts/rx/${transactionQrToken}`,
    ]);
  });

  it('answer a card with the store name, instructions, a short reference and the page URL', async () => {
    const { transactionQrToken } = await recordSale(service, terminal);
    const { response, bytes } = await get(`/api/v1/claim-tokens/${transactionQrToken}/qr.pdf?lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = (await readPdf(bytes)).pages[0]!.text;
    expect(text).toContain('さくらマート 渋谷店');
    expect(text).toMatch(/Reference: [0-9A-F]{4}-[0-9A-F]{4}/);
    expect(text).toContain(`${PUBLIC_URL}/receipts/rx/${transactionQrToken}`);
    expect(await decodePdfQr(bytes)).toBe(`${PUBLIC_URL}/receipts/rx/${transactionQrToken}`);
  });

  it('answer 404 unknown_token for an unknown, a claimed and a revoked token', async () => {
    const claimed = await recordSale(service, terminal);
    const claim = await service.rest('POST', `/api/v1/rx/${claimed.transactionQrToken}/claim`, undefined, null);
    expect(claim.status).toBe(201);
    const revoked = await recordSale(service, terminal);
    const revoke = await service.graphql(
      'mutation($id: ID!) { revokeTransactionQrToken(transactionId: $id) { id } }',
      { id: revoked.transactionId },
      TEST_OPERATOR_TOKEN,
    );
    expect(revoke.errors).toBeUndefined();
    for (const token of ['A'.repeat(43), claimed.transactionQrToken, revoked.transactionQrToken]) {
      for (const file of ['qr.png', 'qr.pdf']) {
        const answer = await problem(`/api/v1/claim-tokens/${token}/${file}`);
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 404, code: 'unknown_token' });
      }
    }
  });

  it('answer 400 for a size outside 64 to 2048 and a lang other than ja or en', async () => {
    const { transactionQrToken } = await recordSale(service, terminal);
    for (const [path, field] of [
      [`qr.png?size=63`, 'size'],
      [`qr.png?size=2049`, 'size'],
      [`qr.pdf?lang=fr`, 'lang'],
    ] as const) {
      const answer = await problem(`/api/v1/claim-tokens/${transactionQrToken}/${path}`);
      expect(answer.status).toBe(400);
      expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toEqual([field]);
    }
  });
});
