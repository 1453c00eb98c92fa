import { describe, expect, it } from 'vitest';
import { jpegHeader, pngHeader, tinyJpeg, tinyPng } from '../../../test/images.ts';
import { imageSize } from './files.image-size.ts';

const eoi = Buffer.from([0xff, 0xd9]);

function gif(screen: [number, number], frames: [number, number, number, number][], trailer = true): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(screen[0], 6);
  header.writeUInt16LE(screen[1], 8);
  // A global colour table of 2 entries.
  header[10] = 0x80;
  const parts = [header, Buffer.alloc(6), Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0])];
  for (const [left, top, width, height] of frames) {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(left, 1);
    descriptor.writeUInt16LE(top, 3);
    descriptor.writeUInt16LE(width, 5);
    descriptor.writeUInt16LE(height, 7);
    parts.push(descriptor, Buffer.from([2, 2, 0x4c, 0x01, 0]));
  }
  if (trailer) {
    parts.push(Buffer.from([0x3b]));
  }
  return Buffer.concat(parts);
}

function webp(chunk: string, payload: number[]): Buffer {
  const body = Buffer.concat([Buffer.from(`WEBP${chunk}`, 'latin1'), Buffer.alloc(4), Buffer.from(payload)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, body]);
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function ispe(width: number, height: number): Buffer {
  const body = Buffer.alloc(12);
  body.writeUInt32BE(width, 4);
  body.writeUInt32BE(height, 8);
  return box('ispe', body);
}

function heic(...images: Buffer[]): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
  return Buffer.concat([ftyp, box('meta', Buffer.alloc(4), box('iprp', box('ipco', ...images)))]);
}

describe('imageSize reads the size a header declares, without decoding (issue 31 §6.17)', () => {
  it('reads a crafted PNG header of 50000×50000 (33 bytes: signature and IHDR)', () => {
    const flood = pngHeader(50_000, 50_000);
    expect(flood.length).toBe(33);
    expect(imageSize('image/png', flood)).toEqual({ width: 50_000, height: 50_000 });
    expect(imageSize('image/png', tinyPng(3, 2))).toEqual({ width: 3, height: 2 });
  });

  it('refuses a PNG whose first chunk is not IHDR, or that ends inside it', () => {
    const notIhdr = Buffer.from(pngHeader(1, 1));
    notIhdr.write('tEXt', 12, 'latin1');
    expect(imageSize('image/png', notIhdr)).toBeNull();
    expect(imageSize('image/png', pngHeader(1, 1).subarray(0, 20))).toBeNull();
  });

  it.each([
    ['baseline (0xC0)', 0xc0],
    ['extended (0xC1)', 0xc1],
    ['progressive (0xC2)', 0xc2],
    ['lossless (0xC3)', 0xc3],
    ['arithmetic-coded (0xC9)', 0xc9],
    ['arithmetic-coded progressive (0xCA)', 0xca],
    ['hierarchical arithmetic-coded lossless (0xCF)', 0xcf],
  ])('reads the start of frame of a %s JPEG', (_name, marker) => {
    const bytes = Buffer.concat([jpegHeader(65_535, 40_000, marker), Buffer.from('scan'), eoi]);
    expect(imageSize('image/jpeg', bytes)).toEqual({ width: 65_535, height: 40_000 });
  });

  it('reads the frame after fill bytes and restart markers, and takes the largest of two frames', () => {
    const header = jpegHeader(640, 480);
    // 0xFF fill bytes before the SOF marker (T.81 B.1.1.2).
    const filled = Buffer.concat([header.subarray(0, 20), Buffer.from([0xff, 0xff]), header.subarray(20)]);
    expect(imageSize('image/jpeg', filled)).toEqual({ width: 640, height: 480 });
    const big = jpegHeader(20_000, 20_000);
    const twoFrames = Buffer.concat([header.subarray(0, 39), big.subarray(20, 39), header.subarray(39)]);
    expect(imageSize('image/jpeg', twoFrames)).toEqual({ width: 20_000, height: 20_000 });
  });

  it.each([
    ['no frame before the scan', Buffer.concat([jpegHeader(1, 1).subarray(0, 20), jpegHeader(1, 1).subarray(39)])],
    ['garbage where a marker must be', Buffer.concat([jpegHeader(1, 1).subarray(0, 20), Buffer.from('xx'), jpegHeader(9, 9).subarray(20)])],
    ['a segment running past the end', jpegHeader(1, 1).subarray(0, 30)],
    ['a height left to a DNL marker', jpegHeader(100, 0)],
    ['a zero width', jpegHeader(0, 100)],
    ['the end of the image before a scan', Buffer.concat([jpegHeader(1, 1).subarray(0, 20), eoi])],
    ['a reserved marker code', Buffer.concat([jpegHeader(1, 1).subarray(0, 20), Buffer.from([0xff, 0x02, 0, 2]), jpegHeader(1, 1).subarray(20)])],
    ['no SOI', Buffer.from([0xff, 0xe0, 0, 2])],
  ])('refuses a JPEG with %s', (_name, bytes) => {
    expect(imageSize('image/jpeg', bytes)).toBeNull();
  });

  it('reads the JPEG the other tests upload', () => {
    expect(imageSize('image/jpeg', tinyJpeg())).toEqual({ width: 1, height: 1 });
  });

  it('reads a GIF as a browser sizes it: the screen, grown to hold every frame', () => {
    expect(imageSize('image/gif', gif([10, 20], [[0, 0, 10, 20]]))).toEqual({ width: 10, height: 20 });
    // A tiny screen and a 60000×60000 first frame: Chromium enlarges the canvas to the frame.
    expect(imageSize('image/gif', gif([1, 1], [[0, 0, 60_000, 60_000]]))).toEqual({ width: 60_000, height: 60_000 });
    expect(imageSize('image/gif', gif([10, 10], [[0, 0, 10, 10], [5, 5, 30_000, 10]]))).toEqual({ width: 30_005, height: 15 });
  });

  it('refuses a GIF without a frame, or cut short inside one', () => {
    expect(imageSize('image/gif', gif([10, 10], []))).toBeNull();
    const frame = gif([10, 10], [[0, 0, 10, 10]], false);
    expect(imageSize('image/gif', frame.subarray(0, frame.length - 2))).toBeNull();
  });

  it('reads the three kinds of WebP', () => {
    // VP8X: 24-bit canvas width-1 and height-1.
    expect(imageSize('image/webp', webp('VP8X', [0, 0, 0, 0, 0x3f, 0x9c, 0, 0x3f, 0x9c, 0]))).toEqual({
      width: 40_000,
      height: 40_000,
    });
    // VP8 (lossy): frame tag, start code 9d 01 2a, 14-bit width and height.
    expect(imageSize('image/webp', webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0xff, 0x3f, 0xff, 0x3f]))).toEqual({
      width: 16_383,
      height: 16_383,
    });
    // VP8L (lossless): signature 0x2f, 14-bit width-1 and height-1.
    expect(imageSize('image/webp', webp('VP8L', [0x2f, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0, 0, 0]))).toEqual({
      width: 16_384,
      height: 16_384,
    });
    expect(imageSize('image/webp', webp('ALPH', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });

  it('reads a HEIC by its largest image (a grid and its tiles each declare a size)', () => {
    expect(imageSize('image/heic', heic(ispe(512, 512), ispe(8_064, 6_048)))).toEqual({ width: 8_064, height: 6_048 });
    expect(imageSize('image/heif', heic())).toBeNull();
  });
});
