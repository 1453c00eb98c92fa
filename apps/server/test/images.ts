import { crc32, deflateSync } from 'node:zlib';

/** Image bytes for tests: the blob service reads an image's header (issue 31 §6.17), so fakes need real ones. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG's signature and IHDR chunk (8-bit RGBA), nothing after: what a pixel flood sends, or the
 * start of a fake PNG a test fills with its own bytes.
 * @param width - the declared width
 * @param height - the declared height
 */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([pngSignature, pngChunk('IHDR', ihdr)]);
}

/**
 * A whole PNG any decoder opens: transparent pixels.
 * @param width - pixels across (default 1)
 * @param height - pixels down (default 1)
 */
export function tinyPng(width = 1, height = 1): Buffer {
  // Each row: filter type 0, then 4 bytes a pixel.
  const rows = Buffer.alloc(height * (1 + width * 4));
  return Buffer.concat([
    pngHeader(width, height),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A JPEG's marker segments up to its scan header: SOI, a JFIF APP0, a start of frame (baseline
 * 0xC0 unless told) with 3 components, and SOS; entropy-coded bytes and EOI are the test's to add.
 * @param width - the declared width (at most 65535)
 * @param height - the declared height (at most 65535)
 * @param startOfFrame - the SOF marker code, e.g. 0xC2 progressive, 0xC9 arithmetic
 */
export function jpegHeader(width: number, height: number, startOfFrame = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff, startOfFrame, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3,
    1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, sos]);
}

/**
 * A JPEG-shaped file: its header, filler as the scan, then EOI (the server reads only the header).
 * @param filler - bytes of scan data (no 0xFF in them)
 */
export function tinyJpeg(filler: Buffer | string = 'tiny jpeg body'): Buffer {
  return Buffer.concat([jpegHeader(1, 1), Buffer.from(filler), Buffer.from([0xff, 0xd9])]);
}
