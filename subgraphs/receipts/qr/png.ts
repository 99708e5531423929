/**
 * A minimal PNG encoder for bilevel (1-bit grayscale) images: IHDR, one IDAT, IEND (PNG spec, ISO/IEC
 * 15948). A QR symbol has two colours, so one bit per pixel is exact and about 32 times less data to
 * compress than the RGBA a general encoder writes, which keeps a render within its CPU budget.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BIT_DEPTH = 1;
const COLOUR_TYPE_GRAYSCALE = 0;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  // The CRC covers the type and the data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Bytes of one packed row of `width` 1-bit pixels (without the filter byte). */
export function bilevelRowBytes(width: number): number {
  return Math.ceil(width / 8);
}

/**
 * Encodes a bilevel image. `scanlines` holds `height` rows, each a filter byte (0, none) followed by
 * {@link bilevelRowBytes} bytes, most significant bit first, 1 = white, 0 = black.
 */
export function encodeBilevelPng(width: number, height: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = BIT_DEPTH;
  header[9] = COLOUR_TYPE_GRAYSCALE;
  // compression 0 (deflate), filter method 0, interlace 0 (none): the three bytes stay 0.
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
