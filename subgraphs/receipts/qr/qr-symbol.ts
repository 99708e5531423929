/**
 * QR symbols (the module matrix), encoded by the `qrcode` package with error correction M
 *, and the quiet zone every rendering keeps around them.
 */
import QRCode from 'qrcode';

/** White modules around the symbol: 4, the minimum ISO/IEC 18004 asks of a QR code. */
export const QUIET_ZONE_MODULES = 4;

/** The module matrix of one QR symbol. */
export interface QrSymbol {
  /** Modules per side, without the quiet zone. */
  readonly size: number;
  /** Whether the module at (row, column) is dark. */
  isDark(row: number, column: number): boolean;
}

/** Symbols of recent texts: a terminal's QR is asked for again and again, and encoding costs ~0.5 ms. */
const CACHE_LIMIT = 256;
const cache = new Map<string, QrSymbol>();

function encode(text: string): QrSymbol {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, column) => modules.get(row, column) === 1 };
}

/** The QR symbol (error correction M) of `text`, from a small least-recently-used cache. */
export function qrSymbol(text: string): QrSymbol {
  const hit = cache.get(text);
  if (hit) {
    // Re-inserting moves the entry to the newest end of the Map's insertion order.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const symbol = encode(text);
  cache.set(text, symbol);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return symbol;
}

/** Modules per side of the symbol together with its quiet zone on both sides. */
export function modulesWithQuietZone(symbol: QrSymbol): number {
  return symbol.size + 2 * QUIET_ZONE_MODULES;
}
