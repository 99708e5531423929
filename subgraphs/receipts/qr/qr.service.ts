import { canSeeStore } from '../../kernel/auth/store-visibility.js';
import type { BaseContext } from '../../kernel/context.js';
import { BadUserInputError } from '../../kernel/errors.js';
import type { Terminal } from '../terminal/terminal.entity.js';
import type { TerminalService } from '../terminal/terminal.service.js';
import type { BinaryFile } from './binary-file.type.js';
import { CARD_LANGUAGES, isCardLanguage, type CardLanguage } from './card-text.js';
import { renderQrCard } from './qr-card.js';
import { minimumPngSize, renderQrPng } from './qr-png.js';
import { qrSymbol } from './qr-symbol.js';
import { readStoreCardFacts } from './store-card-facts.js';

/** Pixel sizes of a QR PNG (DECISIONS.md, QR images and PDFs). */
export const QR_IMAGE_SIZE = { default: 300, min: 64, max: 2048 } as const;

/** The receipt page a terminal's QR code opens: `{PUBLIC_URL}/receipts/terminal/{publicTerminalId}`. */
export function terminalReceiptUrl(publicUrl: string, publicTerminalId: string): string {
  return `${publicUrl}/receipts/terminal/${encodeURIComponent(publicTerminalId)}`;
}

function invalid(path: string, message: string): BadUserInputError {
  return new BadUserInputError('The request is invalid.', [{ path, message }]);
}

/** The requested size, or the default; BAD_USER_INPUT outside 64..2048. */
function imageSize(size: number | null | undefined): number {
  const pixels = size ?? QR_IMAGE_SIZE.default;
  if (pixels < QR_IMAGE_SIZE.min || pixels > QR_IMAGE_SIZE.max)
    throw invalid('size', `must be ${QR_IMAGE_SIZE.min} to ${QR_IMAGE_SIZE.max}`);
  return pixels;
}

/** The requested language, or ja; BAD_USER_INPUT for any other. */
function cardLanguage(lang: string | null | undefined): CardLanguage {
  const value = lang ?? CARD_LANGUAGES[0];
  if (!isCardLanguage(value)) throw invalid('lang', `must be one of ${CARD_LANGUAGES.join(', ')}`);
  return value;
}

function pngFile(url: string, size: number, filename: string): BinaryFile {
  const symbol = qrSymbol(url);
  // Only a very long PUBLIC_URL makes a symbol wider than the smallest allowed size has pixels.
  if (size < minimumPngSize(symbol)) throw invalid('size', `must be at least ${minimumPngSize(symbol)} for this code`);
  return { contentType: 'image/png', base64: renderQrPng(symbol, size).toString('base64'), filename };
}

/** QR images (PNG) and printable counter cards (PDF) of terminals. Public: the codes are printed at the counter. */
export class QrService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly terminals: TerminalService,
  ) {}

  /** The PNG of the terminal's QR code, `size` x `size` pixels (default 300). */
  async terminalQrImage(publicTerminalId: string, size?: number | null): Promise<BinaryFile> {
    const pixels = imageSize(size);
    const terminal = await this.terminals.getByPublicId(publicTerminalId);
    const url = terminalReceiptUrl(this.ctx.env.publicUrl, terminal.publicTerminalId);
    return pngFile(url, pixels, `qr-${terminal.publicTerminalId}.png`);
  }

  /**
   * The terminal's counter card (A6 PDF) in `lang` (ja default, or en). It names the store when the
   * caller may see the store (kernel/auth/store-visibility.ts), else it carries a generic title: an
   * unlisted store stays unnamed on every public path.
   */
  async terminalQrCard(publicTerminalId: string, lang?: string | null): Promise<BinaryFile> {
    const language = cardLanguage(lang);
    const terminal = await this.terminals.getByPublicId(publicTerminalId);
    const url = terminalReceiptUrl(this.ctx.env.publicUrl, terminal.publicTerminalId);
    const bytes = await renderQrCard({
      symbol: qrSymbol(url),
      url,
      storeName: await this.visibleStoreName(terminal),
      subject: 'terminal',
      reference: terminal.publicTerminalId,
      lang: language,
      createdAt: terminal.createdAt,
    });
    return {
      contentType: 'application/pdf',
      base64: bytes.toString('base64'),
      filename: `qr-card-${terminal.publicTerminalId}-${language}.pdf`,
    };
  }

  private async visibleStoreName(terminal: Terminal): Promise<string | null> {
    const facts = await readStoreCardFacts(this.ctx.em, terminal.storeId);
    return facts && canSeeStore(this.ctx.principal, facts) ? facts.name : null;
  }
}
