import { HEIF } from 'image-size/types/heif';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';
import type { SniffedType } from '@careline/domain/files';

/** The pixels a decoder would allocate for an image: its widest frame, as its header declares. */
export type ImageSize = { width: number; height: number };

/** A JPEG's start-of-frame markers (ITU T.81 B.1.1.3): every coding process, not only baseline. */
const jpegStartOfFrame = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/**
 * A JPEG's frame size, walking its marker segments from SOI to the first SOS as a decoder's header
 * reader does. Strict: bytes where a marker must be, a segment running past the end, or no frame
 * before the scan mean null (refused), never a guess, so a crafted file cannot show this reader a
 * small frame while a decoder resynchronising on garbage finds a large one. Of several frames before
 * the scan, the largest counts.
 */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) {
    return null;
  }
  let largest: ImageSize | null = null;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) {
      return null;
    }
    // Any number of 0xFF fill bytes may come before a marker code (T.81 B.1.1.2).
    while (bytes[at] === 0xff) {
      at += 1;
    }
    const marker = bytes[at];
    at += 1;
    if (marker === undefined) {
      return null;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      continue;
    }
    if (marker < 0xc0) {
      // Reserved codes: libjpeg stops on them too (JERR_UNKNOWN_MARKER).
      return null;
    }
    if (marker === 0xd8 || marker === 0xd9 || at + 2 > bytes.length) {
      // A second SOI, or the end of the image before any scan.
      return null;
    }
    const length = ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
    if (length < 2 || at + length > bytes.length) {
      return null;
    }
    if (marker === 0xda) {
      return largest;
    }
    if (jpegStartOfFrame.has(marker)) {
      if (length < 8) {
        return null;
      }
      const height = ((bytes[at + 3] ?? 0) << 8) | (bytes[at + 4] ?? 0);
      const width = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      // Height 0 is left to a DNL marker after the scan: no size can be known before decoding.
      if (width === 0 || height === 0) {
        return null;
      }
      if (!largest || width * height > largest.width * largest.height) {
        largest = { width, height };
      }
    }
    at += length;
  }
  return null;
}

/** The data sub-blocks after a GIF block's fixed part: the offset after their terminator, or null. */
function skipGifSubBlocks(bytes: Uint8Array, from: number): number | null {
  let at = from;
  for (;;) {
    const size = bytes[at];
    if (size === undefined) {
      return null;
    }
    at += 1 + size;
    if (size === 0) {
      return at;
    }
  }
}

const readUint16LE = (bytes: Uint8Array, at: number): number => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);

/**
 * A GIF's canvas as a browser sizes it: the logical screen, grown to hold every frame (Chromium
 * enlarges the screen for a first frame that does not fit, so the frames count, not only the screen
 * image-size reads). Walks every block to the trailer; a truncated or malformed file is null.
 */
function gifSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 13) {
    return null;
  }
  let width = readUint16LE(bytes, 6);
  let height = readUint16LE(bytes, 8);
  const packed = bytes[10] ?? 0;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let frames = 0;
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) {
      break;
    }
    if (block === 0x21) {
      const next = skipGifSubBlocks(bytes, at + 2);
      if (next === null) {
        return null;
      }
      at = next;
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) {
        return null;
      }
      const right = readUint16LE(bytes, at + 1) + readUint16LE(bytes, at + 5);
      const bottom = readUint16LE(bytes, at + 3) + readUint16LE(bytes, at + 7);
      width = Math.max(width, right);
      height = Math.max(height, bottom);
      frames += 1;
      const local = bytes[at + 9] ?? 0;
      // The descriptor, its local colour table, the LZW minimum code size, then the data.
      const next = skipGifSubBlocks(bytes, at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1);
      if (next === null) {
        return null;
      }
      at = next;
    } else {
      return null;
    }
  }
  return frames > 0 && width > 0 && height > 0 ? { width, height } : null;
}

type LibraryHandler = {
  validate: (input: Uint8Array) => boolean;
  calculate: (input: Uint8Array) => ImageSize & { images?: ImageSize[] };
};

/**
 * image-size's reader for one format: the largest of several images (HEIF items) counts.
 * @param handler - the format's handler
 * @param validate - whether to run its own check of the signature first (PNG's first chunk must be
 *   IHDR); HEIF's knows fewer brands than the sniffer, which has checked the file type box already
 */
function libraryReader(handler: LibraryHandler, validate = true) {
  return (bytes: Uint8Array): ImageSize | null => {
    // image-size reads through DataViews over the whole ArrayBuffer, so past the end of a view into
    // a larger one (Node's pool holds small Buffers) it would read another buffer's bytes, not fail.
    // (A copy: Buffer#slice would be another view.)
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    try {
      if (validate && !handler.validate(own)) {
        return null;
      }
      const size = handler.calculate(own);
      const all = [size, ...(size.images ?? [])];
      const largest = all.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
      return Number.isFinite(largest.width) && Number.isFinite(largest.height) && largest.width > 0 && largest.height > 0
        ? { width: largest.width, height: largest.height }
        : null;
    } catch {
      // image-size throws on what it cannot read (a truncated header, an unknown WebP chunk).
      return null;
    }
  };
}

const readers: Record<Exclude<SniffedType, 'application/pdf'>, (bytes: Uint8Array) => ImageSize | null> = {
  'image/jpeg': jpegSize,
  'image/gif': gifSize,
  'image/png': libraryReader(PNG),
  'image/webp': libraryReader(WEBP),
  'image/heic': libraryReader(HEIF, false),
  'image/heif': libraryReader(HEIF, false),
};

/**
 * The size an image's header declares, read without decoding a pixel (issue 31 §6.17: a 66-byte PNG
 * may declare 50000×50000 pixels). Read by the type the bytes were sniffed as, not by another guess;
 * null when the header cannot be read, which the caller refuses rather than storing an image whose
 * size nobody knows.
 * @param type - the sniffed image type
 * @param bytes - the whole upload
 */
export function imageSize(type: Exclude<SniffedType, 'application/pdf'>, bytes: Uint8Array): ImageSize | null {
  return readers[type](bytes);
}
