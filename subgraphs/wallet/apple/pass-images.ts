/**
 * The images every pass carries (icon.png, icon@2x.png, logo.png): drawn once per process with pngjs
 * (a rounded card glyph on white), so no binary asset has to reach dist/.
 */
import { PNG } from 'pngjs';

/** A `size.w` x `size.h` PNG: a dark card with a light stripe, on white. */
function drawCard(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  const inset = Math.max(1, Math.round(Math.min(width, height) / 8));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inCard = x >= inset && x < width - inset && y >= inset && y < height - inset;
      const stripe = inCard && y >= Math.round(height * 0.35) && y < Math.round(height * 0.5);
      const [r, g, b] = !inCard ? [255, 255, 255] : stripe ? [230, 232, 236] : [31, 41, 51];
      const i = (y * width + x) * 4;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

let images: Readonly<Record<string, Buffer>> | undefined;

/** icon.png (29 x 29), icon@2x.png (58 x 58) and logo.png (50 x 50), made on first use. */
export function passImages(): Readonly<Record<string, Buffer>> {
  images ??= {
    'icon.png': drawCard(29, 29),
    'icon@2x.png': drawCard(58, 58),
    'logo.png': drawCard(50, 50),
  };
  return images;
}
