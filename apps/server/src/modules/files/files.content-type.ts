import { hidesAnotherFile as hidesAnotherFileIn, sniffType, type SniffedType } from '@careline/domain/files';

/** What an upload may be: spec doc 1 §7 Blob storage accepts image/* inputs and application/pdf. */
export type BlobKind = 'image' | 'pdf';

/** A content type the blob service accepts, with its kind and a file extension for downloads. */
export type AcceptedType = { contentType: SniffedType; kind: BlobKind; extension: string };

const accepted: Record<string, AcceptedType> = {
  'image/jpeg': { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' },
  'image/png': { contentType: 'image/png', kind: 'image', extension: 'png' },
  'image/gif': { contentType: 'image/gif', kind: 'image', extension: 'gif' },
  'image/webp': { contentType: 'image/webp', kind: 'image', extension: 'webp' },
  'image/heic': { contentType: 'image/heic', kind: 'image', extension: 'heic' },
  'image/heif': { contentType: 'image/heif', kind: 'image', extension: 'heif' },
  'application/pdf': { contentType: 'application/pdf', kind: 'pdf', extension: 'pdf' },
};

/** Bytes a sniffer needs at most to decide (HEIF's compatible brands come after the major brand). */
export const SNIFF_BYTES = 64;

/**
 * The accepted type the bytes really are, judged by their magic numbers (@careline/domain/files,
 * the same signatures the patient app checks); null for anything else.
 * @param head - the first bytes of the upload (SNIFF_BYTES are enough)
 */
export function sniffBlobType(head: Uint8Array): AcceptedType | null {
  const sniffed = sniffType(head);
  return sniffed ? (accepted[sniffed] ?? null) : null;
}

/**
 * Whether an accepted upload hides another file (issue 10 Uploads: a polyglot is refused): a PDF
 * header in an image's first 1024 bytes, a ZIP directory in the last 64 KB, or markup in the head.
 * @param type - what sniffBlobType found
 * @param bytes - the whole upload
 */
export function hidesAnotherFile(type: AcceptedType, bytes: Uint8Array): boolean {
  return hidesAnotherFileIn(type.contentType, bytes);
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
