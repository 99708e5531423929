/**
 * The printable flyer (A4 portrait, PDF): title, store name, the validity window in Asia/Tokyo, the
 * description, each page's image URL as a link with its caption (images are never fetched: the PDF
 * carries no remote content), and the featured products with their regular and sale prices. Text is
 * set in the embedded, subset Japanese font; long flyers flow onto further pages.
 */
import type PDFDocument from 'pdfkit';
import { documentFont } from '../../kernel/document-font.js';

/** A featured product as printed. */
export interface FlyerPdfItem {
  /** Null when the product no longer exists. */
  readonly name: string | null;
  /** The product's price now, in minor units of `regularCurrency`; null when the product is gone. */
  readonly regularPriceAmount: number | null;
  readonly regularCurrency: string | null;
  readonly salePriceAmount: number;
  readonly currency: string;
  readonly note: string | null;
}

/** What one flyer PDF shows. */
export interface FlyerPdfContent {
  readonly title: string;
  readonly description: string;
  readonly storeName: string;
  readonly validFrom: Date;
  readonly validTo: Date;
  readonly pages: readonly { readonly imageUrl: string; readonly caption: string | null }[];
  readonly items: readonly FlyerPdfItem[];
  /** The document's creation date: the flyer's last change, so the same flyer keeps the same bytes. */
  readonly createdAt: Date;
}

/** Labels of the printed flyer (Japanese: flyers are printed for the store's counter). */
export const FLYER_PDF_TEXT = {
  validity: '有効期間',
  timeZone: '日本時間',
  pages: 'ページ',
  items: '掲載商品',
  regular: '通常価格',
  sale: '特売価格',
  unknownProduct: '（販売終了の商品）',
} as const;

const FONT = 'flyer';
const MARGIN = 48;

const TOKYO = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The window as printed, in Asia/Tokyo: `2030/01/01(火) 09:00 〜 2030/01/08(火) 09:00（日本時間）`. */
export function tokyoWindow(from: Date, to: Date): string {
  return `${TOKYO.format(from)} 〜 ${TOKYO.format(to)}（${FLYER_PDF_TEXT.timeZone}）`;
}

/** An amount in minor units as printed (ja-JP): JPY 1980 is `￥1,980`, USD 1250 is `$12.50`. */
export function formatPrice(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('ja-JP', { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 0));
}

function drawHeader(doc: PDFKit.PDFDocument, content: FlyerPdfContent, width: number): void {
  doc.font(FONT).fillColor('#000000');
  doc.fontSize(20).text(content.title, MARGIN, MARGIN, { width });
  doc.moveDown(0.3).fontSize(12).text(content.storeName, { width });
  doc
    .moveDown(0.3)
    .fontSize(10)
    .text(`${FLYER_PDF_TEXT.validity}: ${tokyoWindow(content.validFrom, content.validTo)}`, { width });
  if (content.description) doc.moveDown(0.6).fontSize(10).text(content.description, { width });
}

function drawPages(doc: PDFKit.PDFDocument, content: FlyerPdfContent, width: number): void {
  if (content.pages.length === 0) return;
  doc.moveDown(1).fillColor('#000000').fontSize(13).text(FLYER_PDF_TEXT.pages, { width });
  content.pages.forEach((page, i) => {
    doc.moveDown(0.3).fillColor('#000000').fontSize(10);
    doc.text(`${i + 1}. ${page.caption ?? ''}`.trimEnd(), { width });
    // A link, not the picture: rendering never reaches out to the image host.
    doc.fillColor('#1a56db').fontSize(8).text(page.imageUrl, { width, link: page.imageUrl, underline: true });
  });
}

function drawItems(doc: PDFKit.PDFDocument, content: FlyerPdfContent, width: number): void {
  if (content.items.length === 0) return;
  doc.moveDown(1).fillColor('#000000').fontSize(13).text(FLYER_PDF_TEXT.items, { width });
  for (const item of content.items) {
    doc
      .moveDown(0.4)
      .fillColor('#000000')
      .fontSize(11)
      .text(item.name ?? FLYER_PDF_TEXT.unknownProduct, { width });
    const regular =
      item.regularPriceAmount !== null && item.regularCurrency
        ? `${FLYER_PDF_TEXT.regular} ${formatPrice(item.regularPriceAmount, item.regularCurrency)}  →  `
        : '';
    doc.fontSize(10).text(`${regular}${FLYER_PDF_TEXT.sale} ${formatPrice(item.salePriceAmount, item.currency)}`, {
      width,
    });
    if (item.note) doc.fillColor('#555555').fontSize(9).text(item.note, { width });
  }
}

/** pdfkit, loaded on the first PDF rather than at start-up (as the counter cards do: qr-card.ts). */
let pdfkit: Promise<typeof PDFDocument> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((module) => module.default));

/** Renders the flyer as PDF bytes. */
export async function renderFlyerPdf(content: FlyerPdfContent): Promise<Buffer> {
  const PDFKitDocument = await loadPdfkit();
  const doc = new PDFKitDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'ja-JP',
    info: { Title: content.title, Author: content.storeName, CreationDate: content.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, documentFont());
  const width = doc.page.width - 2 * MARGIN;
  drawHeader(doc, content, width);
  drawPages(doc, content, width);
  drawItems(doc, content, width);
  doc.end();
  return done;
}
