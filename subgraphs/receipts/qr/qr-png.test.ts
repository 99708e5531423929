import { describe, expect, it } from 'vitest';
import { decodeQrPng, isDarkPixel, type DecodedQrPng } from '../../../test/qr-files.js';
import { minimumPngSize, renderQrPng } from './qr-png.js';
import { modulesWithQuietZone, qrSymbol } from './qr-symbol.js';

const URL = 'http://localhost:4000/receipts/terminal/ABCDEFGHJK';

/** The module size and offset the documented rule gives for a symbol of `version` at `size` pixels. */
function grid(version: number, size: number) {
  const modules = 17 + 4 * version;
  const scale = Math.floor(size / (modules + 8));
  return { modules, scale, offset: Math.floor((size - modules * scale) / 2) };
}

/** Whether the module at (row, column) of the symbol is dark, sampled at its centre. */
function moduleAt(png: DecodedQrPng, row: number, column: number): boolean {
  const { scale, offset } = grid(png.qr!.version, png.width);
  const centre = (index: number) => offset + index * scale + Math.floor(scale / 2);
  return isDarkPixel(png, centre(column), centre(row));
}

describe('renderQrPng', () => {
  it.each([64, 100, 300, 301, 1000, 2048])('draws a %i px square that decodes to the URL', (size) => {
    const png = decodeQrPng(renderQrPng(qrSymbol(URL), size));
    expect([png.width, png.height]).toEqual([size, size]);
    expect(png.qr?.text).toBe(URL);
  });

  it.each([64, 300, 2047])(
    'keeps a white quiet zone of at least 4 modules and whole-pixel modules at %i px',
    (size) => {
      const png = decodeQrPng(renderQrPng(qrSymbol(URL), size));
      const { modules, scale, offset } = grid(png.qr!.version, size);
      expect(scale).toBeGreaterThanOrEqual(1);
      expect(offset).toBeGreaterThanOrEqual(4 * scale);
      const end = offset + modules * scale; // first pixel after the symbol
      expect(size - end).toBeGreaterThanOrEqual(4 * scale);
      for (let i = 0; i < size; i++) {
        for (const edge of [0, offset - 1, end, size - 1]) {
          expect(isDarkPixel(png, i, edge)).toBe(false);
          expect(isDarkPixel(png, edge, i)).toBe(false);
        }
      }
      // The finder patterns' corners sit exactly where the rule puts the symbol.
      expect(isDarkPixel(png, offset, offset)).toBe(true);
      expect(isDarkPixel(png, end - 1, offset)).toBe(true);
      expect(isDarkPixel(png, offset, end - 1)).toBe(true);
    },
  );

  it('encodes with error correction level M (format information read back from the pixels)', () => {
    const png = decodeQrPng(renderQrPng(qrSymbol(URL), 300));
    // Format bits 14 and 13 sit at modules (8, 0) and (8, 1), masked with 1 and 0: level M (00) reads dark, light.
    expect([moduleAt(png, 8, 0), moduleAt(png, 8, 1)]).toEqual([true, false]);
  });

  it('writes one bit per pixel', () => {
    expect(decodeQrPng(renderQrPng(qrSymbol(URL), 300)).bitDepth).toBe(1);
  });

  it('refuses a size below one pixel per module, and draws exactly at the minimum', () => {
    const symbol = qrSymbol(`https://example.com/${'x'.repeat(200)}`);
    const minimum = minimumPngSize(symbol);
    expect(minimum).toBe(modulesWithQuietZone(symbol));
    expect(() => renderQrPng(symbol, minimum - 1)).toThrow(RangeError);
    const png = decodeQrPng(renderQrPng(symbol, minimum));
    expect([png.width, png.height]).toEqual([minimum, minimum]);
  });
});

describe('qrSymbol', () => {
  it('answers the same symbol for the same text from its cache', () => {
    expect(qrSymbol(URL)).toBe(qrSymbol(URL));
    expect(qrSymbol(URL)).not.toBe(qrSymbol(`${URL}2`));
  });
});
