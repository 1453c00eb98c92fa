/**
 * An image the patient sends in the chat, through the blob service (spec doc 1 §7 Blob storage:
 * POST /put with the raw bytes, Content-Type and Authorization; the x-blobdata-id header holds the
 * id). Images over 1 MB are compressed to at most 1 MB and 1920 px first (spec doc 1 §7).
 */
import { englishErrorString } from '@careline/i18n/errors';
import { ORDER_IMAGE_COMPRESSION, ORDER_UPLOAD_MAX_BYTES } from '@careline/domain/orders';
import { requestHeaders } from '../../../lib/graphql';

/** The upload's answer: the blob id, a refusal ('CODE:message'), or no answer at all. */
export type ChatUploadOutcome =
  { kind: 'uploaded'; blobId: string } | { kind: 'refused'; error: string } | { kind: 'network' };

/** Why a chosen file is not sent: not an image, or too large even before compression. */
export type ChatImageProblem = 'notImage' | 'tooLarge' | null;

/**
 * Whether a chosen file can be sent as the chat's image (the server takes images only, ARO-E8010).
 * @param file - the chosen file
 */
export function chatImageProblem(file: Pick<Blob, 'type' | 'size'>): ChatImageProblem {
  if (!file.type.startsWith('image/')) {
    return 'notImage';
  }
  return file.size > ORDER_UPLOAD_MAX_BYTES ? 'tooLarge' : null;
}

/**
 * The image to send: as chosen when it is 1 MB or less, else compressed (the library is loaded only
 * then); the original when the browser cannot compress it (the server judges its size).
 * @param file - the chosen image
 */
export async function compressChatImage(file: File): Promise<Blob> {
  if (file.size <= ORDER_IMAGE_COMPRESSION.thresholdBytes) {
    return file;
  }
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, {
      maxSizeMB: ORDER_IMAGE_COMPRESSION.maxBytes / (1024 * 1024),
      maxWidthOrHeight: ORDER_IMAGE_COMPRESSION.maxDimensionPx,
      // Its own worker would load the library from a CDN, which the app's CSP refuses.
      useWebWorker: false,
    });
  } catch {
    return file;
  }
}

/**
 * Sends an image to the blob service with the account's token.
 * @param file - the image
 * @param token - the account's access token
 * @param send - fetch; the browser's by default
 */
export async function uploadChatImage(
  file: Blob,
  token: string | null,
  send: typeof fetch = (...args) => fetch(...args),
): Promise<ChatUploadOutcome> {
  let response: Response;
  try {
    response = await send('/blob/put', {
      method: 'POST',
      headers: { ...requestHeaders(token), 'Content-Type': file.type },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'network' };
  }
  const blobId = response.headers.get('x-blobdata-id');
  if (response.ok && blobId) {
    return { kind: 'uploaded', blobId };
  }
  if (response.status >= 400 && response.status < 500) {
    const body = await response.text().catch(() => '');
    try {
      const parsed = JSON.parse(body) as { error?: unknown };
      if (typeof parsed.error === 'string') {
        return { kind: 'refused', error: parsed.error };
      }
    } catch {
      // not JSON: the generic refusal below
    }
    return { kind: 'refused', error: englishErrorString('ARO-E2002') };
  }
  return { kind: 'network' };
}
