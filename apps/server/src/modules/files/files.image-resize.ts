import { decode as decodeJpeg, encode as encodeJpegData } from 'jpeg-js';
import { PNG } from 'pngjs';

// The small variant of a doctor's photo (issue 29 §4.14, §4.15): decoded in pure JavaScript (JPEG
// and PNG), cropped to the centre square, averaged down and written as a small JPEG, so that a
// patient's phone downloads a few kilobytes instead of the upload.

/** Decoded pixels, 4 bytes (RGBA) a pixel, row by row. */
export type Raster = { width: number; height: number; data: Uint8Array };

/** The types decodeImage reads. */
export const RESIZABLE_TYPES = ['image/jpeg', 'image/png'] as const;

/** A type decodeImage reads. */
export type ResizableType = (typeof RESIZABLE_TYPES)[number];

/**
 * Whether decodeImage reads a content type.
 * @param contentType - the sniffed type
 */
export function isResizable(contentType: string): contentType is ResizableType {
  return (RESIZABLE_TYPES as readonly string[]).includes(contentType);
}

/**
 * Decodes a JPEG or PNG; null when the bytes cannot be decoded (or a JPEG is over maxPixels, which
 * the header check has already refused).
 * @param contentType - image/jpeg or image/png
 * @param bytes - the file
 * @param maxPixels - the most pixels decoded
 */
export function decodeImage(contentType: ResizableType, bytes: Buffer, maxPixels: number): Raster | null {
  try {
    if (contentType === 'image/jpeg') {
      const image = decodeJpeg(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: maxPixels / 1_000_000,
        maxMemoryUsageInMB: Math.ceil((maxPixels * 4 * 2) / 1_000_000) + 16,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
    const image = PNG.sync.read(bytes);
    return { width: image.width, height: image.height, data: image.data };
  } catch {
    return null;
  }
}

/**
 * The centre square of an image, averaged down to at most `edge` pixels a side (never enlarged),
 * transparent parts laid on white.
 * @param image - the decoded image
 * @param edge - the side of the result, in pixels
 */
export function squareThumbnail(image: Raster, edge: number): Raster {
  const side = Math.min(image.width, image.height);
  const out = Math.max(1, Math.min(edge, side));
  const left = Math.floor((image.width - side) / 2);
  const top = Math.floor((image.height - side) / 2);
  const data = new Uint8Array(out * out * 4);
  const scale = side / out;
  for (let y = 0; y < out; y += 1) {
    const y0 = top + Math.floor(y * scale);
    const y1 = Math.max(y0 + 1, top + Math.floor((y + 1) * scale));
    for (let x = 0; x < out; x += 1) {
      const x0 = left + Math.floor(x * scale);
      const x1 = Math.max(x0 + 1, left + Math.floor((x + 1) * scale));
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (let sy = y0; sy < y1; sy += 1) {
        let at = (sy * image.width + x0) * 4;
        for (let sx = x0; sx < x1; sx += 1) {
          const alpha = (image.data[at + 3] ?? 255) / 255;
          // Laid on white: a transparent pixel counts as white.
          r += (image.data[at] ?? 0) * alpha + 255 * (1 - alpha);
          g += (image.data[at + 1] ?? 0) * alpha + 255 * (1 - alpha);
          b += (image.data[at + 2] ?? 0) * alpha + 255 * (1 - alpha);
          count += 1;
          at += 4;
        }
      }
      const to = (y * out + x) * 4;
      data[to] = Math.round(r / count);
      data[to + 1] = Math.round(g / count);
      data[to + 2] = Math.round(b / count);
      data[to + 3] = 255;
    }
  }
  return { width: out, height: out, data };
}

/**
 * An image written as a baseline JPEG.
 * @param image - the pixels
 * @param quality - 1 to 100
 */
export function encodeJpeg(image: Raster, quality = 82): Buffer {
  return Buffer.from(encodeJpegData({ width: image.width, height: image.height, data: image.data }, quality).data);
}
