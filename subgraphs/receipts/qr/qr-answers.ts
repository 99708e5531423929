/**
 * What every QR field shares: its inputs checked (size, lang) and its bytes wrapped as a
 * {@link BinaryFile}, and the store name a card may print for the caller.
 */
import { canSeeStore } from '../../kernel/auth/store-visibility.js';
import type { BaseContext } from '../../kernel/context.js';
import { BadUserInputError, VALIDATION_FAILED_DETAIL } from '../../kernel/errors.js';
import type { BinaryFile } from './binary-file.type.js';
import { CARD_LANGUAGES, isCardLanguage, type CardLanguage } from './card-text.js';
import { renderQrCard, type QrCardContent } from './qr-card.js';
import { minimumPngSize, renderQrPng } from './qr-png.js';
import { qrSymbol } from './qr-symbol.js';
import { readStoreCardFacts } from './store-card-facts.js';

/** Pixel sizes of a QR PNG. */
export const QR_IMAGE_SIZE = { default: 300, min: 64, max: 2048 } as const;

function invalid(path: string, message: string): BadUserInputError {
  return new BadUserInputError(VALIDATION_FAILED_DETAIL, [{ path, message }]);
}

/** The requested size, or the default; BAD_USER_INPUT outside 64..2048. */
export function imageSize(size: number | null | undefined): number {
  const pixels = size ?? QR_IMAGE_SIZE.default;
  if (pixels < QR_IMAGE_SIZE.min || pixels > QR_IMAGE_SIZE.max)
    throw invalid('size', `must be ${QR_IMAGE_SIZE.min} to ${QR_IMAGE_SIZE.max}`);
  return pixels;
}

/** The requested language, or ja; BAD_USER_INPUT for any other. */
export function cardLanguage(lang: string | null | undefined): CardLanguage {
  const value = lang ?? CARD_LANGUAGES[0];
  if (!isCardLanguage(value)) throw invalid('lang', `must be one of ${CARD_LANGUAGES.join(', ')}`);
  return value;
}

/** The PNG of the QR code of `url`, `size` x `size` pixels (size already checked by {@link imageSize}). */
export function pngFile(url: string, size: number, filename: string): BinaryFile {
  const symbol = qrSymbol(url);
  // Only a very long PUBLIC_URL makes a symbol wider than the smallest allowed size has pixels.
  if (size < minimumPngSize(symbol)) throw invalid('size', `must be at least ${minimumPngSize(symbol)} for this code`);
  return { contentType: 'image/png', base64: renderQrPng(symbol, size).toString('base64'), filename };
}

/** The counter card of the QR code of `url`. */
export async function cardFile(content: Omit<QrCardContent, 'symbol'>, filename: string): Promise<BinaryFile> {
  const bytes = await renderQrCard({ ...content, symbol: qrSymbol(content.url) });
  return { contentType: 'application/pdf', base64: bytes.toString('base64'), filename };
}

/**
 * The store's name when the caller may see the store (kernel/auth/store-visibility.ts), else null:
 * an unlisted store stays unnamed on every public path, cards included.
 */
export async function visibleStoreName(ctx: BaseContext, storeId: string): Promise<string | null> {
  const facts = await readStoreCardFacts(ctx.em, storeId);
  return facts && canSeeStore(ctx.principal, facts) ? facts.name : null;
}
