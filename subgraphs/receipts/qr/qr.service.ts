import type { BaseContext } from '../../kernel/context.js';
import type { TerminalService } from '../terminal/terminal.service.js';
import type { BinaryFile } from './binary-file.type.js';
import { cardFile, cardLanguage, imageSize, pngFile, visibleStoreName } from './qr-answers.js';

/** The receipt page a terminal's QR code opens: `{PUBLIC_URL}/receipts/terminal/{publicTerminalId}`. */
export function terminalReceiptUrl(publicUrl: string, publicTerminalId: string): string {
  return `${publicUrl}/receipts/terminal/${encodeURIComponent(publicTerminalId)}`;
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
   * caller may see the store, else it carries a generic title.
   */
  async terminalQrCard(publicTerminalId: string, lang?: string | null): Promise<BinaryFile> {
    const language = cardLanguage(lang);
    const terminal = await this.terminals.getByPublicId(publicTerminalId);
    return cardFile(
      {
        url: terminalReceiptUrl(this.ctx.env.publicUrl, terminal.publicTerminalId),
        storeName: await visibleStoreName(this.ctx, terminal.storeId),
        subject: 'terminal',
        reference: terminal.publicTerminalId,
        lang: language,
        // The terminal's creation, not the render time: the same card keeps the same bytes (and ETag).
        createdAt: terminal.createdAt,
      },
      `qr-card-${terminal.publicTerminalId}-${language}.pdf`,
    );
  }
}
