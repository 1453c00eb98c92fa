import { describe, expect, it } from 'vitest';
import { claimedKind, extensionFor, sniffBlobType } from './files.content-type.ts';

function ftyp(major: string, compatible: string[] = []): Buffer {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, index) => box.write(brand, 16 + index * 4, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(16)]);
}

describe('sniffBlobType (magic bytes decide)', () => {
  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0]), 'image/jpeg'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['GIF87a', Buffer.from('GIF87a....'), 'image/gif'],
    ['GIF89a', Buffer.from('GIF89a....'), 'image/gif'],
    [
      'WebP',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]),
      'image/webp',
    ],
    ['HEIC', ftyp('heic', ['mif1', 'heic']), 'image/heic'],
    ['HEIF (mif1 major, heic compatible)', ftyp('mif1', ['heic']), 'image/heic'],
    ['HEIF', ftyp('mif1', ['miaf']), 'image/heif'],
    ['PDF', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
  ])('recognises %s', (_name, bytes, type) => {
    expect(sniffBlobType(bytes)?.contentType).toBe(type);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><p>hi</p>')],
    ['an MP4 (ISO BMFF, not HEIF)', ftyp('isom', ['mp41'])],
    ['AVIF', ftyp('avif', ['miaf'])],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])],
    ['too few bytes', Buffer.from([0xff, 0xd8])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffBlobType(bytes)).toBeNull();
  });
});

describe('claimedKind (spec doc 1 §7: image/* and application/pdf)', () => {
  it.each([
    ['image/png', 'image'],
    ['IMAGE/JPEG; charset=binary', 'image'],
    ['image/heic', 'image'],
    ['application/pdf', 'pdf'],
    ['text/plain', null],
    ['application/octet-stream', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, kind) => {
    expect(claimedKind(header)).toBe(kind);
  });
});

describe('extensionFor', () => {
  it('names downloads by the stored type', () => {
    expect(extensionFor('image/jpeg')).toBe('jpg');
    expect(extensionFor('application/pdf')).toBe('pdf');
    expect(extensionFor('text/html')).toBe('bin');
  });
});
