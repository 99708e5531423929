/** The QR root fields over GraphQL: the BinaryFile they answer and their coded errors. */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { decodeQrPng, readPdf } from '../../../test/qr-files.js';

const STORE = '01900000-0000-7000-8002-000000000001'; // さくらマート 渋谷店
const TERMINAL = 'GQL-QR-01';

interface BinaryFile {
  contentType: string;
  base64: string;
  filename: string | null;
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  const created = await service.graphql(
    'mutation($input: CreateTerminalInput!) { createTerminal(input: $input) { id } }',
    { input: { storeId: STORE, publicTerminalId: TERMINAL } },
    TEST_OPERATOR_TOKEN,
  );
  expect(created.errors).toBeUndefined();
});

const IMAGE =
  'query($p: String!, $s: Int) { terminalQrImage(publicTerminalId: $p, size: $s) { contentType base64 filename } }';
const CARD =
  'query($p: String!, $l: String) { terminalQrCard(publicTerminalId: $p, lang: $l) { contentType base64 filename } }';

describe('terminalQrImage', () => {
  it('answers the PNG in base64 to an anonymous caller', async () => {
    const result = await service.graphql<{ terminalQrImage: BinaryFile }>(IMAGE, { p: TERMINAL, s: 128 });
    expect(result.errors).toBeUndefined();
    const file = result.data!.terminalQrImage;
    expect(file).toMatchObject({ contentType: 'image/png', filename: `qr-${TERMINAL}.png` });
    const png = decodeQrPng(Buffer.from(file.base64, 'base64'));
    expect([png.width, png.height]).toEqual([128, 128]);
    expect(png.qr?.text).toBe(`${service.env.publicUrl}/receipts/terminal/${TERMINAL}`);
  });

  it.each([
    ['an unknown id', 'NOSUCHTERM', 300],
    ['an id of 5 characters', 'ABCDE', 300],
    ['an id of 17 characters', 'A'.repeat(17), 300],
  ])('answers %s with NOT_FOUND (terminal_not_found)', async (_label, id, size) => {
    const result = await service.graphql(IMAGE, { p: id, s: size });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'terminal_not_found' });
  });

  it.each([63, 2049, 0, -1])('answers size %i with BAD_USER_INPUT naming size', async (size) => {
    const result = await service.graphql(IMAGE, { p: TERMINAL, s: size });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'validation_failed',
      errors: [{ path: 'size', message: 'must be 64 to 2048' }],
    });
  });
});

describe('terminalQrCard', () => {
  it('answers the PDF in base64', async () => {
    const result = await service.graphql<{ terminalQrCard: BinaryFile }>(CARD, { p: TERMINAL, l: 'en' });
    expect(result.errors).toBeUndefined();
    const file = result.data!.terminalQrCard;
    expect(file).toMatchObject({ contentType: 'application/pdf', filename: `qr-card-${TERMINAL}-en.pdf` });
    const pdf = await readPdf(Buffer.from(file.base64, 'base64'));
    expect(pdf.pages[0]!.text).toContain(`Terminal ID: ${TERMINAL}`);
  });

  it('answers another lang with BAD_USER_INPUT naming lang, and an unknown terminal with NOT_FOUND', async () => {
    expect((await service.graphql(CARD, { p: TERMINAL, l: 'de' })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'lang', message: 'must be one of ja, en' }],
    });
    expect((await service.graphql(CARD, { p: 'NOSUCHTERM' })).errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'terminal_not_found',
    });
  });
});
