/** What an upload may be: spec doc 1 §7 Blob storage accepts image/* inputs and application/pdf. */
export type BlobKind = 'image' | 'pdf';

/** A content type the blob service accepts, with its kind and a file extension for downloads. */
export type AcceptedType = { contentType: string; kind: BlobKind; extension: string };

const accepted: Record<string, AcceptedType> = {
  'image/jpeg': { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' },
  'image/png': { contentType: 'image/png', kind: 'image', extension: 'png' },
  'image/gif': { contentType: 'image/gif', kind: 'image', extension: 'gif' },
  'image/webp': { contentType: 'image/webp', kind: 'image', extension: 'webp' },
  'image/heic': { contentType: 'image/heic', kind: 'image', extension: 'heic' },
  'image/heif': { contentType: 'image/heif', kind: 'image', extension: 'heif' },
  'application/pdf': { contentType: 'application/pdf', kind: 'pdf', extension: 'pdf' },
};

// ISO BMFF brands of HEIC (HEVC-coded) and of other HEIF files (phones send both).
const heicBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const heifBrands = new Set(['mif1', 'msf1', 'heif']);

/** Bytes a sniffer needs at most to decide (HEIF's compatible brands come after the major brand). */
export const SNIFF_BYTES = 64;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) {
    return false;
  }
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString('latin1');
}

function sniffHeif(bytes: Buffer): AcceptedType | null {
  // An ISO BMFF file starts with a 'ftyp' box: size (4 bytes), 'ftyp', major brand, minor version,
  // then compatible brands up to the box size.
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') {
    return null;
  }
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    brands.push(ascii(bytes, offset, offset + 4));
  }
  if (brands.some((brand) => heicBrands.has(brand))) {
    return accepted['image/heic'] ?? null;
  }
  if (brands.some((brand) => heifBrands.has(brand))) {
    return accepted['image/heif'] ?? null;
  }
  return null;
}

/**
 * The accepted type the bytes really are, judged by their magic numbers; null for anything else.
 * @param head - the first bytes of the upload (SNIFF_BYTES are enough)
 */
export function sniffBlobType(head: Buffer): AcceptedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) {
    return accepted['image/jpeg'] ?? null;
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return accepted['image/png'] ?? null;
  }
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') {
    return accepted['image/gif'] ?? null;
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return accepted['image/webp'] ?? null;
  }
  if (ascii(head, 0, 5) === '%PDF-') {
    return accepted['application/pdf'] ?? null;
  }
  return sniffHeif(head);
}

/**
 * The kind a Content-Type header claims (image/* or application/pdf), or null for anything else.
 * @param header - the request's Content-Type header, parameters allowed
 */
export function claimedKind(header: string | undefined): BlobKind | null {
  const mediaType = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (/^image\/[a-z0-9.+-]+$/.test(mediaType)) {
    return 'image';
  }
  if (mediaType === 'application/pdf') {
    return 'pdf';
  }
  return null;
}

/**
 * The extension used in a download's generated file name.
 * @param contentType - the stored (sniffed) content type
 */
export function extensionFor(contentType: string): string {
  return accepted[contentType]?.extension ?? 'bin';
}
