/**
 * Independent readers of the QR area's files, for tests: a PNG decoded by pngjs and its QR code read by
 * jsQR (neither is used to write them), and a PDF read by pdf.js (text, pages) with the facts of its
 * embedded fonts taken from the raw bytes.
 */
import jsQRModule from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';

// jsqr is CommonJS; its typings describe the ES default export, which the CommonJS object also carries.
const jsQR = jsQRModule.default;

/** A decoded PNG: its size, RGBA pixels and what its QR code says (null when none is found). */
export interface DecodedQrPng {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
  readonly bitDepth: number;
  readonly qr: { readonly text: string; readonly version: number } | null;
}

export function decodeQrPng(bytes: Uint8Array): DecodedQrPng {
  const png = PNG.sync.read(Buffer.from(bytes));
  const rgba = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength);
  const code = jsQR(rgba, png.width, png.height, { inversionAttempts: 'dontInvert' });
  return {
    width: png.width,
    height: png.height,
    rgba: png.data,
    // IHDR's bit depth, byte 24 of the file (after the signature, IHDR length, type, width and height).
    bitDepth: bytes[24]!,
    qr: code ? { text: code.data, version: code.version } : null,
  };
}

/** Whether the pixel at (x, y) of a decoded PNG is dark. */
export function isDarkPixel(png: DecodedQrPng, x: number, y: number): boolean {
  return png.rgba[(y * png.width + x) * 4]! < 128;
}

/** A PDF as pdf.js reads it: the text of each page (items joined, no separators) and page sizes in points. */
export interface ReadPdf {
  readonly pages: readonly { readonly text: string; readonly width: number; readonly height: number }[];
  /** `/BaseFont` names of the fonts, from the raw bytes (dictionaries are not compressed). */
  readonly baseFonts: readonly string[];
  /** Whether a font program is embedded as TrueType (`FontFile2`) or CFF/OpenType (`FontFile3`). */
  readonly embedsFontProgram: boolean;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const document = await task.promise;
  try {
    const pages = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      pages.push({ text, width: x1 - x0, height: y1 - y0 });
    }
    const raw = Buffer.from(bytes).toString('latin1');
    return {
      pages,
      baseFonts: [...raw.matchAll(/\/BaseFont\s*\/([^\s/<>[\]]+)/g)].map((match) => match[1]!),
      embedsFontProgram: /\/FontFile[23]\b/.test(raw),
    };
  } finally {
    await task.destroy();
  }
}

/** What pdf.js's canvas factory gives in Node (its typings leave it untyped). */
interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { width: number; height: number };
    context: {
      getImageData(
        x: number,
        y: number,
        w: number,
        h: number,
      ): { data: Uint8ClampedArray; width: number; height: number };
    };
  };
}

/**
 * What the QR code on the first page of a PDF says, read by jsQR from the page as pdf.js draws it at
 * 144 dpi (its Node canvas, `@napi-rs/canvas`); null when no code is found.
 */
export async function decodePdfQr(bytes: Uint8Array): Promise<string | null> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const document = await task.promise;
  try {
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: 2 });
    const { canvas, context } = (document.canvasFactory as CanvasFactory).create(viewport.width, viewport.height);
    await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  } finally {
    await task.destroy();
  }
}
