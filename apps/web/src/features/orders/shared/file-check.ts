/**
 * A picked file's bytes, checked on the phone before anything is sent (spec doc 3 §5; issue 10
 * Uploads): the server judges the bytes again with the same rules (@careline/domain/files) and stays the
 * authority, but a renamed executable, a file that hides another one, or an oversize PDF is refused
 * here at once, with a clear message, instead of after a slow upload.
 */
import { englishErrorString } from '@careline/i18n/errors';
import {
  SNIFF_HEAD_BYTES,
  SNIFF_TAIL_BYTES,
  isPolyglot,
  sniffType,
  type SniffedType,
} from '@careline/domain/files';
import { ORDER_UPLOAD_MAX_BYTES } from '@careline/domain/orders/plain';
import type { UploadKind } from './upload-queue.ts';

/** Bytes read from the start (magic numbers, and where a PDF header may hide: its first 1024 bytes). */
export const HEAD_BYTES = SNIFF_HEAD_BYTES;
/** Bytes read from the end (an archive appended to an image keeps its directory there). */
export const TAIL_BYTES = SNIFF_TAIL_BYTES;

// The server's signatures (files.content-type.ts judges with the same @careline/domain/files).
export { isPolyglot, sniffType, type SniffedType };

/** The refusal of a file that hides another kind of file (shown as 'orders.create.hiddenFile'). */
export const HIDDEN_FILE = 'hidden-file';

/**
 * Why a picked file cannot be sent, or null: empty (ARO-E3001), not an image or PDF by its bytes or
 * not the kind it claims (ARO-E3002), a polyglot (HIDDEN_FILE), or a PDF over the limit (ARO-E3003;
 * images are checked after compression). Codes come as 'CODE:message' strings, as the server's do.
 * @param file - the picked file
 * @param kind - image or PDF, from its declared type
 */
export async function pickedFileRefusal(file: Blob, kind: UploadKind): Promise<string | null> {
  if (file.size === 0) {
    return englishErrorString('ARO-E3001');
  }
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const tail = new Uint8Array(await file.slice(Math.max(0, file.size - TAIL_BYTES)).arrayBuffer());
  const sniffed = sniffType(head);
  if (!sniffed || (sniffed === 'application/pdf') !== (kind === 'pdf')) {
    return englishErrorString('ARO-E3002');
  }
  if (isPolyglot(sniffed, head, tail)) {
    return HIDDEN_FILE;
  }
  if (kind === 'pdf' && file.size > ORDER_UPLOAD_MAX_BYTES) {
    return englishErrorString('ARO-E3003');
  }
  return null;
}
