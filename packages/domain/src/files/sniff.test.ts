import { describe, expect, it } from 'vitest';
import {
  SNIFF_TAIL_BYTES,
  hidesAnotherFile,
  isPolyglot,
  sniffType,
  sniffedKind,
} from './sniff.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

function ftyp(major: string, compatible: string[] = []): Uint8Array {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''), new Array<number>(16).fill(0));
}

const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF', new Array<number>(200).fill(7));
const pdf = bytes('%PDF-1.7\n', new Array<number>(200).fill(32));
const exe = bytes('MZ', [0x90, 0x00, 0x03], new Array<number>(200).fill(0));

describe('sniffType (magic bytes decide)', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xdb, 0, 0]), 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['GIF87a', bytes('GIF87a....'), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [0, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['HEIC', ftyp('heic', ['mif1', 'heic']), 'image/heic'],
    ['HEIF (mif1 major, heic compatible)', ftyp('mif1', ['heic']), 'image/heic'],
    ['HEIF', ftyp('mif1', ['miaf']), 'image/heif'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
  ])('recognises %s', (_name, head, type) => {
    expect(sniffType(head)).toBe(type);
  });

  it.each([
    ['an executable', exe],
    ['text', bytes('hello world')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<!doctype html><p>hi</p>')],
    ['an MP4 (ISO BMFF, not HEIF)', ftyp('isom', ['mp41'])],
    ['AVIF', ftyp('avif', ['miaf'])],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04, 0, 0])],
    ['too few bytes', bytes([0xff, 0xd8])],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_name, head) => {
    expect(sniffType(head)).toBeNull();
  });

  it('reads a view into a larger buffer at its own offset', () => {
    const larger = bytes([1, 2, 3], Array.from(ftyp('heic')));
    expect(sniffType(larger.subarray(3))).toBe('image/heic');
  });

  it('tells images from PDFs', () => {
    expect(sniffedKind('image/webp')).toBe('image');
    expect(sniffedKind('application/pdf')).toBe('pdf');
  });
});

describe('isPolyglot (files that hide another file)', () => {
  it('finds a PDF header inside an image’s first 1024 bytes', () => {
    const head = bytes([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x20], '%PDF-1.4 hidden');
    expect(isPolyglot('image/jpeg', head, head)).toBe(true);
  });

  it('ignores a PDF header past the first 1024 bytes', () => {
    const file = bytes(Array.from(jpeg), new Array<number>(1024).fill(7), '%PDF-1.4');
    expect(hidesAnotherFile('image/jpeg', file)).toBe(false);
  });

  it('finds a ZIP appended to an image or a PDF', () => {
    const tail = bytes(new Array<number>(30).fill(1), 'PK', [5, 6], new Array<number>(18).fill(0));
    expect(isPolyglot('image/jpeg', jpeg, tail)).toBe(true);
    expect(hidesAnotherFile('application/pdf', bytes(Array.from(pdf), Array.from(tail)))).toBe(true);
  });

  it('only looks at the last 64 KB for the archive directory', () => {
    const file = bytes(Array.from(jpeg), 'PK', [5, 6], new Array<number>(SNIFF_TAIL_BYTES).fill(0));
    expect(hidesAnotherFile('image/jpeg', file)).toBe(false);
  });

  it.each([
    ['script', 'GIF89a/*<script>alert(1)</script>'],
    ['HTML', 'GIF89a<HTML><body>'],
    ['SVG', 'GIF89a<svg onload=alert(1)>'],
    ['PHP', 'GIF89a<?php echo 1; ?>'],
  ])('finds %s markup a browser or a server would run', (_name, text) => {
    const head = bytes(text);
    expect(isPolyglot('image/gif', head, head)).toBe(true);
  });

  it('lets plain images and PDFs through', () => {
    expect(isPolyglot('image/jpeg', jpeg, jpeg)).toBe(false);
    expect(isPolyglot('application/pdf', pdf, pdf)).toBe(false);
    expect(hidesAnotherFile('image/jpeg', jpeg)).toBe(false);
  });
});
