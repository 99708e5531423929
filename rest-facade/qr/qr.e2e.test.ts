/**
 * The QR rows through the facade (interface: QR images): every status each row answers, the bytes
 * read back by independent decoders (jsQR + pngjs, pdf.js), ETag / 304, and a card names an unlisted
 * store only for callers who may see it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { decodePdfQr, decodeQrPng, readPdf } from '../../test/qr-files.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';

const PUBLIC_URL = 'https://receipts.example.jp';
const LISTED_STORE = '01900000-0000-7000-8002-000000000001'; // さくらマート 渋谷店
const TERMINAL = 'QR-LISTED-1';
const UNLISTED_TERMINAL = 'QR-UNLISTED-1';
const JA_INSTRUCTIONS = 'スマートフォンのカメラでQRコードを読み取ると、このレジのレシートを受け取れます。';

let service: TestService;
let unlistedStoreName: string;

async function createTerminal(storeId: string, publicTerminalId: string) {
  const created = await service.graphql(
    'mutation($input: CreateTerminalInput!) { createTerminal(input: $input) { id } }',
    { input: { storeId, publicTerminalId } },
    TEST_OPERATOR_TOKEN,
  );
  expect(created.errors).toBeUndefined();
}

beforeAll(async () => {
  service = await startTestService({ env: { PUBLIC_URL } });
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ id: string; name: string }[]>(
      'select "id", "name" from "store" where not "is_public_listing" and "place_id" is null order by "id" limit 1',
    );
  unlistedStoreName = rows[0]!.name;
  await createTerminal(LISTED_STORE, TERMINAL);
  await createTerminal(rows[0]!.id, UNLISTED_TERMINAL);
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await service.call(path, { headers });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function problem(path: string) {
  const response = await service.call(path);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('GET /api/v1/terminals/{publicTerminalId}/qr.png', () => {
  it('answers a 300 px PNG of the terminal receipt URL under PUBLIC_URL by default', async () => {
    const { response, bytes } = await get(`/api/v1/terminals/${TERMINAL}/qr.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('content-disposition')).toContain(`filename="qr-${TERMINAL}.png"`);
    const png = decodeQrPng(bytes);
    expect([png.width, png.height]).toEqual([300, 300]);
    expect(png.qr?.text).toBe(`${PUBLIC_URL}/receipts/terminal/${TERMINAL}`);
  });

  it.each([64, 2048])('draws exactly size=%i pixels', async (size) => {
    const { response, bytes } = await get(`/api/v1/terminals/${TERMINAL}/qr.png?size=${size}`);
    expect(response.status).toBe(200);
    const png = decodeQrPng(bytes);
    expect([png.width, png.height]).toEqual([size, size]);
    expect(png.qr?.text).toBe(`${PUBLIC_URL}/receipts/terminal/${TERMINAL}`);
  });

  it('answers 304 without a body to a repeat with the ETag in If-None-Match', async () => {
    const first = await get(`/api/v1/terminals/${TERMINAL}/qr.png?size=200`);
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get(`/api/v1/terminals/${TERMINAL}/qr.png?size=200`, { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.response.headers.get('etag')).toBe(etag);
    // Another size is another representation.
    const other = await get(`/api/v1/terminals/${TERMINAL}/qr.png?size=201`, { 'if-none-match': etag });
    expect(other.response.status).toBe(200);
  });

  it.each([
    ['63', 'below 64'],
    ['2049', 'above 2048'],
    ['big', 'not an integer'],
    ['99999999999', 'not an int32'],
  ])('answers 400 naming size for size=%s (%s)', async (size) => {
    const { status, body } = await problem(`/api/v1/terminals/${TERMINAL}/qr.png?size=${size}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ path: 'size' })] });
  });

  it.each([
    ['an unknown id', 'NOSUCHTERM'],
    ['a 5-character id', 'ABCDE'],
    ['a 17-character id', 'A'.repeat(17)],
  ])('answers 404 terminal_not_found for %s', async (_label, id) => {
    const { status, body } = await problem(`/api/v1/terminals/${id}/qr.png`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'terminal_not_found', instance: `/api/v1/terminals/${id}/qr.png` });
  });
});

describe('GET /api/v1/terminals/{publicTerminalId}/qr.pdf', () => {
  it('answers the Japanese counter card by default: store name, instructions, terminal id and a readable code', async () => {
    const { response, bytes } = await get(`/api/v1/terminals/${TERMINAL}/qr.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(response.headers.get('content-disposition')).toContain(`filename="qr-card-${TERMINAL}-ja.pdf"`);
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.text).toContain('さくらマート 渋谷店');
    expect(pdf.pages[0]!.text).toContain(JA_INSTRUCTIONS);
    expect(pdf.pages[0]!.text).toContain(`端末ID: ${TERMINAL}`);
    expect(pdf.embedsFontProgram).toBe(true);
    expect(pdf.baseFonts.every((name) => /^[A-Z]{6}\+NotoSansJP-Regular$/.test(name))).toBe(true);
    expect(await decodePdfQr(bytes)).toBe(`${PUBLIC_URL}/receipts/terminal/${TERMINAL}`);
  });

  it('answers the English card for lang=en', async () => {
    const { response, bytes } = await get(`/api/v1/terminals/${TERMINAL}/qr.pdf?lang=en`);
    expect(response.status).toBe(200);
    const text = (await readPdf(bytes)).pages[0]!.text;
    expect(text).toContain('さくらマート 渋谷店');
    expect(text).toContain(`Terminal ID: ${TERMINAL}`);
    expect(text).not.toContain(JA_INSTRUCTIONS);
  });

  it('answers 304 to a repeat with the ETag in If-None-Match (the bytes do not change between renders)', async () => {
    const first = await get(`/api/v1/terminals/${TERMINAL}/qr.pdf`);
    const etag = first.response.headers.get('etag')!;
    const again = await get(`/api/v1/terminals/${TERMINAL}/qr.pdf`, { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
  });

  it('names an unlisted store for the operator only; anyone else gets the generic title', async () => {
    const anonymous = (await readPdf((await get(`/api/v1/terminals/${UNLISTED_TERMINAL}/qr.pdf`)).bytes)).pages[0]!;
    expect(anonymous.text).not.toContain(unlistedStoreName);
    expect(anonymous.text).toContain('デジタルレシート');
    const operator = await get(`/api/v1/terminals/${UNLISTED_TERMINAL}/qr.pdf`, {
      authorization: `Bearer ${TEST_OPERATOR_TOKEN}`,
    });
    expect((await readPdf(operator.bytes)).pages[0]!.text).toContain(unlistedStoreName);
  });

  it.each(['fr', 'JA', ''])('answers 400 naming lang for lang=%j', async (lang) => {
    const { status, body } = await problem(`/api/v1/terminals/${TERMINAL}/qr.pdf?lang=${lang}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ path: 'lang' })] });
  });

  it('answers 404 terminal_not_found for an unknown terminal', async () => {
    const { status, body } = await problem('/api/v1/terminals/NOSUCHTERM/qr.pdf');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'terminal_not_found' });
  });
});
