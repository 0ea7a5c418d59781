/**
 * Real picture files for tests, made with sharp: a photo with the grain of a camera's (so that its
 * copies are of a realistic size), flat pictures, a transparent PNG, an animated GIF.
 */
import sharp from 'sharp';

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** A photo-like JPEG: a sky, a ground with soft waves, and fine grain; the same bytes every time. */
export async function photo(width: number, height: number, options: { quality?: number; orientation?: number } = {}): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 18;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sky = y < height * 0.55;
      const n = grain();
      const r = sky ? 120 + (80 * y) / height : 70 + 60 * Math.sin(x / 90) * Math.cos(y / 70);
      const g = sky ? 160 + (60 * y) / height : 110 + 50 * Math.sin(x / 130 + y / 40);
      const b = sky ? 220 - (40 * y) / height : 60 + 30 * Math.cos(x / 50);
      raw[i] = clamp(r + n);
      raw[i + 1] = clamp(g + n);
      raw[i + 2] = clamp(b + n);
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.orientation) image.withMetadata({ orientation: options.orientation });
  return image.jpeg({ quality: options.quality ?? 88 }).toBuffer();
}

/** A picture of one colour, in any format sharp writes. */
export function flat(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'png', alpha = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 29, g: 78, b: 216, alpha } } })
    .toFormat(format)
    .toBuffer();
}

/** An animated GIF of three frames. */
export function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = [0, 120, 240].map((red) => Buffer.alloc(width * height * 4, Buffer.from([red, 40, 90, 255])));
  return sharp(Buffer.concat(frames), { raw: { width, height: height * 3, channels: 4, pageHeight: height } })
    .gif({ loop: 0, delay: [100, 100, 100] })
    .toBuffer();
}

/** A wide logo: the name as white letters-like bars on a coloured band, `width` by `height`. */
export function wideLogo(width: number, height: number): Promise<Buffer> {
  const bars = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${12 + i * ((width - 24) / 8)}" y="${height / 4}" width="${(width - 24) / 12}" height="${height / 2}" fill="#fff"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#1d4ed8"/>${bars.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
