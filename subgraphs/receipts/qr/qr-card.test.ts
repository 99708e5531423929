import { describe, expect, it } from 'vitest';
import { decodePdfQr, readPdf } from '../../../test/qr-files.js';
import { CARD_TEXT } from './card-text.js';
import { renderQrCard, type QrCardContent } from './qr-card.js';
import { qrSymbol } from './qr-symbol.js';

const URL = 'http://localhost:4000/receipts/terminal/ABCDEFGHJK';
const CONTENT: QrCardContent = {
  symbol: qrSymbol(URL),
  url: URL,
  storeName: 'さくらマート 渋谷店',
  subject: 'terminal',
  reference: 'ABCDEFGHJK',
  lang: 'ja',
  createdAt: new Date('2026-01-02T03:04:05Z'),
};
/** A4 is 595 x 842 points; A6 is a quarter of it. */
const A6 = { width: 297.64, height: 419.53 };
const noSpace = (text: string) => text.replace(/\s+/g, '');

describe('renderQrCard', () => {
  it('prints one A6 page with the store name, the Japanese instructions, the terminal id and the URL', async () => {
    const pdf = await readPdf(await renderQrCard(CONTENT));
    expect(pdf.pages).toHaveLength(1);
    const page = pdf.pages[0]!;
    expect(page.width).toBeCloseTo(A6.width, 1);
    expect(page.height).toBeCloseTo(A6.height, 1);
    expect(page.text).toContain('さくらマート 渋谷店');
    expect(page.text).toContain(CARD_TEXT.ja.instructions.terminal);
    expect(page.text).toContain('端末ID: ABCDEFGHJK');
    expect(noSpace(page.text)).toContain(URL);
  });

  it('draws a QR code that decodes to the URL', async () => {
    expect(await decodePdfQr(await renderQrCard(CONTENT))).toBe(URL);
  });

  it('prints the English wording for en', async () => {
    const page = (await readPdf(await renderQrCard({ ...CONTENT, lang: 'en' }))).pages[0]!;
    expect(noSpace(page.text)).toContain(noSpace(CARD_TEXT.en.instructions.terminal));
    expect(page.text).toContain('Terminal ID: ABCDEFGHJK');
    expect(page.text).not.toContain('端末ID');
  });

  it('ends a store name longer than two lines in an ellipsis, keeping the card on one page', async () => {
    const pdf = await readPdf(await renderQrCard({ ...CONTENT, storeName: 'とても長い店舗名'.repeat(10) }));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.text).toMatch(/^(とても長い店舗名)+.*…/);
    expect(pdf.pages[0]!.text).toContain(CARD_TEXT.ja.instructions.terminal);
  });

  it('prints the generic title when the store may not be named', async () => {
    const page = (await readPdf(await renderQrCard({ ...CONTENT, storeName: null }))).pages[0]!;
    expect(page.text).toContain(CARD_TEXT.ja.fallbackTitle);
    expect(page.text).not.toContain('さくらマート');
  });

  it('embeds a subset of the Japanese font and no standard font', async () => {
    const pdf = await readPdf(await renderQrCard(CONTENT));
    expect(pdf.embedsFontProgram).toBe(true);
    // A subset font is named TAG+PostScriptName (PDF 32000-1 §9.6.4), the tag six capital letters.
    expect(pdf.baseFonts.length).toBeGreaterThan(0);
    for (const name of pdf.baseFonts) expect(name).toMatch(/^[A-Z]{6}\+NotoSansJP-Regular$/);
  });

  it('has a glyph for every character of the Japanese text: each extracts as itself', async () => {
    // pdfkit maps a character the font lacks to glyph 0, which ToUnicode maps to U+0000, so it could not extract as itself.
    const name = '髙﨑「デジタル」〒渋谷区（ｶﾀｶﾅ）①';
    const reference = '全国の店舗で使えるレシート・ＡＢＣ・ゑゐヴ・々〆〇';
    const page = (await readPdf(await renderQrCard({ ...CONTENT, storeName: name, reference }))).pages[0]!;
    expect(page.text.startsWith(name)).toBe(true);
    expect(page.text).toContain(`端末ID: ${reference}`);
  });

  it('shows that the glyph check can fail: a character outside the font does not extract as itself', async () => {
    const text = 'おにぎり🍙';
    const page = (await readPdf(await renderQrCard({ ...CONTENT, storeName: text }))).pages[0]!;
    expect(page.text.startsWith('おにぎり')).toBe(true);
    expect(page.text.startsWith(text)).toBe(false);
  });

  it('renders the same bytes for the same card (a stable ETag), and other bytes for another card', async () => {
    const first = await renderQrCard(CONTENT);
    expect((await renderQrCard(CONTENT)).equals(first)).toBe(true);
    expect((await renderQrCard({ ...CONTENT, storeName: 'さくらマート 新宿店' })).equals(first)).toBe(false);
  });
});
