import { errorString } from '@careline/domain/errors';
import { ORDER_UPLOAD_MAX_BYTES } from '@careline/domain/orders';
import { postStaffBlob, useStaffBlobImage, type StaffBlobImageState } from '../../../lib/blob-files.ts';
import { chatImageRefusal } from '../chat-rules.ts';

// The blob service with the staff token (lib/blob-files.ts): a member who answers chats ('chat.work')
// uploads the images they send for their hospital (?organizationId=), and reads the images of the
// hospital's chats (the patient's, kept as document references of the hospital).

/** The largest image sent: the blob store's default size (BLOB_MAX_BYTES, as orders use it). */
export const CHAT_IMAGE_MAX_BYTES = ORDER_UPLOAD_MAX_BYTES;

/** An image as the conversation has it: loading, an object URL, or failed. */
export type ChatImageState = StaffBlobImageState;

/**
 * Uploads an image the member sends in a chat, for the chat's hospital, and answers its id. A file
 * that is not an image, empty or too large is refused before sending with the catalogue's
 * 'CODE:message'; the server judges the bytes again.
 * @param file - the chosen image
 * @param organizationId - the hospital of the chat
 * @param fetcher - for tests: a stand-in for fetch
 */
export async function uploadChatImage(file: File, organizationId: string, fetcher: typeof fetch = fetch): Promise<string> {
  const refusal = chatImageRefusal({ size: file.size, type: file.type }, CHAT_IMAGE_MAX_BYTES);
  if (refusal) {
    throw new Error(errorString(refusal));
  }
  return postStaffBlob(file, organizationId, fetcher);
}

/**
 * An image of the hospital's chats, read with the staff token into an object URL (released when it
 * leaves the screen or changes).
 * @param blobId - the stored image, or null
 * @param fetcher - for tests: a stand-in for fetch
 */
export function useChatImage(blobId: string | null, fetcher: typeof fetch = fetch): ChatImageState {
  return useStaffBlobImage(blobId, fetcher);
}
