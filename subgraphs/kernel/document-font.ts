/**
 * The font of printed documents (counter cards, flyers): Noto Sans JP Regular (SIL OFL 1.1), a TrueType
 * font covering JIS X 0208 and 0213 with Latin, installed from npm by `@expo-google-fonts/noto-sans-jp`
 * so a fresh machine needs no system font. pdfkit embeds only the glyphs a document uses (a subset,
 * `FontFile2`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const FONT_FILE = '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf';

let font: Buffer | undefined;

/**
 * The font file's bytes, read once per process on first use (5 MB: not read by processes that never
 * render a document, and never twice by those that do).
 */
export function documentFont(): Buffer {
  font ??= readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
  return font;
}
