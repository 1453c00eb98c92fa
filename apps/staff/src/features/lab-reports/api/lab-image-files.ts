import { errorString } from '@careline/domain/errors';
import { postStaffBlob, useStaffBlobImage, type StaffBlobImageState } from '../../../lib/blob-files.ts';
import { LAB_IMAGE_MAX_BYTES, labImageRefusal, labImageSizeText } from '@careline/domain/lab-reports';

// The blob service with the staff token (lib/blob-files.ts): lab staff ('labReports.images') upload
// the hospital's header, footer and signature images (?organizationId=), and read them back to show
// the current ones (the hospital's images are readable by its members).

/** A current image as the panel shows it: loading, an object URL, or failed. */
export type LabImageState = StaffBlobImageState;

/**
 * Uploads a report image as the signed-in member for a hospital and answers its id. A file that is
 * not a PNG or JPEG, empty or too large is refused before sending with the catalogue's
 * 'CODE:message'; the server judges the bytes again.
 * @param file - the chosen image
 * @param organizationId - the hospital
 * @param fetcher - for tests: a stand-in for fetch
 */
export async function uploadLabImage(file: File, organizationId: string, fetcher: typeof fetch = fetch): Promise<string> {
  const refusal = labImageRefusal({ size: file.size, type: file.type });
  if (refusal) {
    throw new Error(errorString(refusal, { size: labImageSizeText(LAB_IMAGE_MAX_BYTES) }));
  }
  return postStaffBlob(file, organizationId, fetcher);
}

/**
 * One of the hospital's images, read with the staff token into an object URL (released when it
 * leaves the screen or changes).
 * @param blobId - the image, or null
 * @param fetcher - for tests: a stand-in for fetch
 */
export function useLabImage(blobId: string | null, fetcher: typeof fetch = fetch): LabImageState {
  return useStaffBlobImage(blobId, fetcher);
}
