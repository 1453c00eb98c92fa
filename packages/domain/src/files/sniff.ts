/**
 * What an upload's bytes really are (issue 10 Uploads: "a renamed executable, a polyglot and an
 * oversize file are refused with a clear message"). Pure: plain Uint8Array, no Node Buffer, so the
 * server (files.content-type.ts, the authority) and the patient app (file-check.ts, refusing at once
 * instead of after a slow upload) judge with the same signatures.
 */

/** Bytes read from the start: magic numbers, and where a PDF header may hide (its first 1024 bytes). */
export const SNIFF_HEAD_BYTES = 1024;
/** Bytes read from the end: an archive appended to a file keeps its directory there. */
export const SNIFF_TAIL_BYTES = 64 * 1024;

/** The content types an upload may be (spec doc 1 §7 Blob storage: image/* inputs and application/pdf). */
export type SniffedType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'image/heic'
  | 'image/heif'
  | 'application/pdf';

/** What an upload is for: an image input or a PDF input. */
export type SniffedKind = 'image' | 'pdf';

// ISO BMFF brands of HEIC (HEVC-coded) and of other HEIF files (phones send both).
const heicBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const heifBrands = new Set(['mif1', 'msf1', 'heif']);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return (
    bytes.length >= offset + signature.length &&
    signature.every((value, index) => bytes[offset + index] === value)
  );
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  const end = Math.min(to, bytes.length);
  for (let index = from; index < end; index += 1) {
    text += String.fromCharCode(bytes[index] ?? 0);
  }
  return text;
}

function sniffHeif(head: Uint8Array): SniffedType | null {
  // An ISO BMFF file starts with a 'ftyp' box: size (4 bytes), 'ftyp', major brand, minor version,
  // then compatible brands up to the box size.
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') {
    return null;
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const boxSize = Math.min(view.getUint32(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    brands.push(ascii(head, offset, offset + 4));
  }
  if (brands.some((brand) => heicBrands.has(brand))) {
    return 'image/heic';
  }
  if (brands.some((brand) => heifBrands.has(brand))) {
    return 'image/heif';
  }
  return null;
}

/**
 * The type the first bytes really are, judged by their magic numbers; null for anything else (an
 * executable, an archive, text, SVG, HTML, a video).
 * @param head - the file's first bytes (64 are enough; HEIF's compatible brands follow the major one)
 */
export function sniffType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) {
    return 'image/jpeg';
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'image/png';
  }
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') {
    return 'image/gif';
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (ascii(head, 0, 5) === '%PDF-') {
    return 'application/pdf';
  }
  return sniffHeif(head);
}

/**
 * Whether a sniffed type is an image or a PDF.
 * @param type - a type sniffType answered
 */
export function sniffedKind(type: SniffedType): SniffedKind {
  return type === 'application/pdf' ? 'pdf' : 'image';
}

function indexOf(bytes: Uint8Array, needle: string, from = 0): number {
  const first = needle.charCodeAt(0);
  outer: for (let i = from; i <= bytes.length - needle.length; i += 1) {
    if (bytes[i] !== first) {
      continue;
    }
    for (let j = 1; j < needle.length; j += 1) {
      if (bytes[i + j] !== needle.charCodeAt(j)) {
        continue outer;
      }
    }
    return i;
  }
  return -1;
}

/** Markup a browser sniffs and runs, whatever the file claims to be. */
const markupMarkers = ['<script', '<html', '<svg', '<?php', '<!doctype'] as const;

/**
 * Whether a file of one type carries another format's signature where readers look for it: a PDF
 * header inside an image's first 1024 bytes (PDF readers accept it there), a ZIP end-of-central-
 * directory record in the last 64 KB (ZIP, JAR, APK and Office readers read from the end), or
 * markup a browser would sniff (HTML, script, SVG, PHP) in the first bytes.
 * @param sniffed - what the first bytes are
 * @param head - the first SNIFF_HEAD_BYTES bytes (or fewer, for a small file)
 * @param tail - the last SNIFF_TAIL_BYTES bytes (or the whole file, for a small one)
 */
export function isPolyglot(sniffed: SniffedType, head: Uint8Array, tail: Uint8Array): boolean {
  const start = head.subarray(0, SNIFF_HEAD_BYTES);
  if (sniffed !== 'application/pdf' && indexOf(start, '%PDF-', 1) !== -1) {
    return true;
  }
  if (indexOf(tail.subarray(Math.max(0, tail.length - SNIFF_TAIL_BYTES)), 'PK\u0005\u0006') !== -1) {
    return true;
  }
  const text = ascii(start, 0, start.length).toLowerCase();
  return markupMarkers.some((marker) => text.includes(marker));
}

/**
 * isPolyglot on a whole file held in memory (the server reads each upload whole).
 * @param sniffed - what the first bytes are
 * @param bytes - the whole file
 */
export function hidesAnotherFile(sniffed: SniffedType, bytes: Uint8Array): boolean {
  return isPolyglot(
    sniffed,
    bytes.subarray(0, SNIFF_HEAD_BYTES),
    bytes.subarray(Math.max(0, bytes.length - SNIFF_TAIL_BYTES)),
  );
}
