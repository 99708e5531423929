/**
 * The PNG of a QR symbol, exactly `size` x `size` pixels.
 *
 * Rule: every module is a square of whole pixels, `scale = floor(size / (modules + 8))`; the symbol is
 * centred and the pixels left over widen the white quiet zone, so it is never below 4 modules and the
 * image is exactly the size asked for. (The `qrcode` package's own `width` option stretches modules to
 * fractional widths, which blurs the grid a scanner has to find.) A size too small for one pixel per
 * module is refused by the caller ({@link minimumPngSize}).
 */
import { bilevelRowBytes, encodeBilevelPng } from './png.js';
import { modulesWithQuietZone, type QrSymbol } from './qr-symbol.js';

/** The smallest PNG size that gives each module one pixel (with the quiet zone). */
export function minimumPngSize(symbol: QrSymbol): number {
  return modulesWithQuietZone(symbol);
}

/** One scanline (filter byte, then white bits) with the dark modules of `row` cleared. */
function moduleRow(symbol: QrSymbol, row: number, size: number, offset: number, scale: number): Buffer {
  const line = Buffer.alloc(1 + bilevelRowBytes(size), 0xff);
  line[0] = 0; // filter: none
  for (let column = 0; column < symbol.size; column++) {
    if (!symbol.isDark(row, column)) continue;
    const start = offset + column * scale;
    for (let x = start; x < start + scale; x++) line[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
  }
  return line;
}

/**
 * Renders `symbol` as a bilevel PNG of `size` x `size` pixels.
 *
 * @throws RangeError when `size` is below {@link minimumPngSize}.
 */
export function renderQrPng(symbol: QrSymbol, size: number): Buffer {
  const scale = Math.floor(size / modulesWithQuietZone(symbol));
  if (scale < 1) throw new RangeError(`size ${size} is below ${minimumPngSize(symbol)} for this symbol`);
  const offset = Math.floor((size - symbol.size * scale) / 2);
  const stride = 1 + bilevelRowBytes(size);
  const white = Buffer.alloc(stride, 0xff);
  white[0] = 0;
  const scanlines = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) white.copy(scanlines, y * stride);
  for (let row = 0; row < symbol.size; row++) {
    const line = moduleRow(symbol, row, size, offset, scale);
    // A module row is `scale` identical scanlines.
    for (let y = offset + row * scale; y < offset + (row + 1) * scale; y++) line.copy(scanlines, y * stride);
  }
  return encodeBilevelPng(size, size, scanlines);
}
