import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/qr-files.js';
import { formatPrice, renderFlyerPdf, tokyoWindow, type FlyerPdfContent } from './flyer-pdf.js';

const CONTENT: FlyerPdfContent = {
  title: '週末セール チラシ',
  description: '土日限定のお買い得品です。',
  storeName: 'さくらマート 渋谷店',
  // 15:00 UTC is midnight of the next day in Tokyo: the printed dates must be Tokyo's.
  validFrom: new Date('2030-01-01T15:00:00Z'),
  validTo: new Date('2030-01-08T14:59:00Z'),
  pages: [
    { imageUrl: 'https://img.example/flyer/1.png', caption: '表面' },
    { imageUrl: 'https://img.example/flyer/2.png', caption: null },
  ],
  items: [
    {
      name: '牛乳 1L',
      regularPriceAmount: 248,
      regularCurrency: 'JPY',
      salePriceAmount: 198,
      currency: 'JPY',
      note: 'お一人様2点まで',
    },
    { name: null, regularPriceAmount: null, regularCurrency: null, salePriceAmount: 1980, currency: 'JPY', note: null },
  ],
  createdAt: new Date('2026-01-02T03:04:05Z'),
};
const noSpace = (text: string) => text.replace(/\s+/g, '');

describe('formatPrice and tokyoWindow', () => {
  it('formats yen without decimals and other currencies from minor units', () => {
    expect(formatPrice(1980, 'JPY')).toBe('￥1,980');
    expect(formatPrice(0, 'JPY')).toBe('￥0');
    expect(formatPrice(1250, 'USD')).toBe('$12.50');
  });

  it('prints the window in Asia/Tokyo, not UTC', () => {
    expect(tokyoWindow(CONTENT.validFrom, CONTENT.validTo)).toBe(
      '2030/01/02(水) 00:00 〜 2030/01/08(火) 23:59（日本時間）',
    );
  });
});

describe('renderFlyerPdf', () => {
  it('is a one-page A4 PDF with the title, store, Tokyo window, page links and prices', async () => {
    const bytes = await renderFlyerPdf(CONTENT);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.width).toBeCloseTo(595.28, 1);
    const text = pdf.pages[0]!.text;
    for (const shown of [
      '週末セール チラシ',
      'さくらマート 渋谷店',
      '2030/01/02(水) 00:00',
      '2030/01/08(火) 23:59',
      '土日限定のお買い得品です。',
      '1. 表面',
      '牛乳 1L',
      '通常価格 ￥248',
      '特売価格 ￥198',
      'お一人様2点まで',
      '（販売終了の商品）',
      '特売価格 ￥1,980',
    ])
      expect(text).toContain(shown);
    expect(noSpace(text)).toContain('https://img.example/flyer/2.png');
    // Each page URL is a link annotation; nothing was fetched, so no image is embedded.
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/URI (https://img.example/flyer/1.png)');
    expect(raw).toContain('/URI (https://img.example/flyer/2.png)');
    expect(raw).not.toContain('/Subtype /Image');
    for (const name of pdf.baseFonts) expect(name).toMatch(/^[A-Z]{6}\+NotoSansJP-Regular$/);
  });

  it('flows a long flyer onto more pages, every product printed', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({
      ...CONTENT.items[0]!,
      name: `商品${i + 1}番`,
      salePriceAmount: 100 + i,
    }));
    const pdf = await readPdf(await renderFlyerPdf({ ...CONTENT, items }));
    expect(pdf.pages.length).toBeGreaterThan(2);
    const all = pdf.pages.map((page) => page.text).join('');
    expect(all).toContain('商品1番');
    expect(all).toContain('商品100番');
    expect(all).toContain('特売価格 ￥199');
  });

  it('keeps the same bytes for the same flyer', async () => {
    expect((await renderFlyerPdf(CONTENT)).equals(await renderFlyerPdf(CONTENT))).toBe(true);
  });
});
