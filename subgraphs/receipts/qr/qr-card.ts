/**
 * The printable counter card (A6 portrait, PDF): the store's name, the QR code drawn as vectors (sharp
 * at any print resolution), the instructions in the card's language, the reference printed under the
 * code, and the encoded URL for typing by hand. Text is set in the embedded, subset Japanese font.
 */
import type PDFDocument from 'pdfkit';
import { cardFont } from './card-font.js';
import { CARD_TEXT, type CardLanguage, type CardSubject } from './card-text.js';
import { modulesWithQuietZone, QUIET_ZONE_MODULES, type QrSymbol } from './qr-symbol.js';

/** What one card shows. */
export interface QrCardContent {
  readonly symbol: QrSymbol;
  /** The URL the symbol encodes, printed small under it. */
  readonly url: string;
  /** Null prints the language's generic title instead (a store this caller may not see). */
  readonly storeName: string | null;
  readonly subject: CardSubject;
  /** The terminal id, or a short reference of a claim token. */
  readonly reference: string;
  readonly lang: CardLanguage;
  /**
   * The document's creation date. Deterministic input (not the render time) keeps the bytes, and so
   * the facade's ETag, stable across renders of the same card.
   */
  readonly createdAt: Date;
}

const FONT = 'card';
const MARGIN = 24;
/** Side of the code with its quiet zone, in points (about 6.3 cm). */
const CODE_SIDE = 180;
/** Two lines of the 15 pt title; a longer store name ends in an ellipsis. */
const TITLE_HEIGHT = 46;

/** Draws the dark modules as one path of horizontal runs, filled once. */
function drawSymbol(doc: PDFKit.PDFDocument, symbol: QrSymbol, left: number, top: number): void {
  const module = CODE_SIDE / modulesWithQuietZone(symbol);
  const origin = { x: left + QUIET_ZONE_MODULES * module, y: top + QUIET_ZONE_MODULES * module };
  for (let row = 0; row < symbol.size; row++) {
    let column = 0;
    while (column < symbol.size) {
      if (!symbol.isDark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < symbol.size && symbol.isDark(row, column)) column++;
      doc.rect(origin.x + start * module, origin.y + row * module, (column - start) * module, module);
    }
  }
  doc.fill('#000000');
}

function drawCard(doc: PDFKit.PDFDocument, content: QrCardContent): void {
  const text = CARD_TEXT[content.lang];
  const width = doc.page.width - 2 * MARGIN;
  const centred = { width, align: 'center' as const };
  doc.font(FONT).fillColor('#000000');
  doc.fontSize(15).text(content.storeName ?? text.fallbackTitle, MARGIN, MARGIN, {
    ...centred,
    height: TITLE_HEIGHT,
    ellipsis: true,
  });
  const codeTop = 76;
  drawSymbol(doc, content.symbol, (doc.page.width - CODE_SIDE) / 2, codeTop);
  doc
    .fillColor('#000000')
    .fontSize(10)
    .text(text.instructions[content.subject], MARGIN, codeTop + CODE_SIDE + 12, centred);
  doc.fontSize(12).text(`${text.referenceLabel[content.subject]}: ${content.reference}`, centred);
  doc.moveDown(0.5).fillColor('#555555').fontSize(7).text(content.url, centred);
}

/**
 * pdfkit and its font engine, loaded on the first card rather than at start-up: they add about 7 MB
 * of heap and more of compiled code to every process, and most processes never render a card.
 */
let pdfkit: Promise<typeof PDFDocument> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((module) => module.default));

/** Renders the card as PDF bytes. */
export async function renderQrCard(content: QrCardContent): Promise<Buffer> {
  const PDFKitDocument = await loadPdfkit();
  const doc = new PDFKitDocument({
    size: 'A6',
    margin: MARGIN,
    lang: CARD_TEXT[content.lang].languageTag,
    info: { Title: content.storeName ?? CARD_TEXT[content.lang].fallbackTitle, CreationDate: content.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, cardFont());
  drawCard(doc, content);
  doc.end();
  return done;
}
