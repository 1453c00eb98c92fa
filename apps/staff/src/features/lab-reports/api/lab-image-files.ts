import { errorString } from '@careline/domain/errors';
import { requestHeaders } from '@careline/ui/graphql';
import { useEffect, useState } from 'react';
import { readStaffToken } from '../../../lib/staff-token.ts';
import { LAB_IMAGE_MAX_BYTES, labImageRefusal, labImageSizeText } from '../lab-report-rules.ts';

// The blob service with the staff token (apps/server files.routes.ts): lab staff ('labReports.images')
// upload the hospital's header, footer and signature images (?organizationId=), and read them back
// to show the current ones (the hospital's images are readable by its members).

/** Response header carrying the new file's id (spec doc 1 §7 Blob storage). */
const BLOB_ID_HEADER = 'x-blobdata-id';

/** A current image as the panel shows it: loading, an object URL, or failed. */
export type LabImageState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

async function refusalOf(response: Response): Promise<Error> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string') {
      return new Error(body.error);
    }
  } catch {
    // Not the blob service's JSON (a proxy's page): the generic text.
  }
  return new Error(`HTTP ${response.status}`);
}

/**
 * Uploads a report image as the signed-in member for a hospital (POST /blob/put?organizationId= with
 * the raw bytes) and answers its id. A file that is not a PNG or JPEG, empty or too large is refused
 * before sending with the catalogue's 'CODE:message'; the server judges the bytes again.
 * @param file - the chosen image
 * @param organizationId - the hospital
 * @param fetcher - for tests: a stand-in for fetch
 */
export async function uploadLabImage(
  file: File,
  organizationId: string,
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const refusal = labImageRefusal({ size: file.size, type: file.type });
  if (refusal) {
    throw new Error(errorString(refusal, { size: labImageSizeText(LAB_IMAGE_MAX_BYTES) }));
  }
  const response = await fetcher(`/blob/put?organizationId=${encodeURIComponent(organizationId)}`, {
    method: 'POST',
    headers: { ...requestHeaders(readStaffToken()), 'Content-Type': file.type },
    body: file,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw await refusalOf(response);
  }
  const id = response.headers.get(BLOB_ID_HEADER);
  if (!id) {
    throw new Error('the blob service answered without an id');
  }
  return id;
}

/**
 * Reads one of the hospital's images with the staff token (GET /blob/get/{id}) into an object URL,
 * released when it leaves the screen or changes. Anything but an image counts as failed.
 * @param blobId - the image, or null
 * @param fetcher - for tests: a stand-in for fetch
 */
export function useLabImage(blobId: string | null, fetcher: typeof fetch = fetch): LabImageState {
  const [state, setState] = useState<{ blobId: string | null; image: LabImageState }>({
    blobId,
    image: { kind: 'loading' },
  });
  useEffect(() => {
    if (!blobId) {
      setState({ blobId, image: { kind: 'failed' } });
      return undefined;
    }
    let live = true;
    let url: string | null = null;
    setState({ blobId, image: { kind: 'loading' } });
    fetcher(`/blob/get/${encodeURIComponent(blobId)}`, {
      headers: requestHeaders(readStaffToken()),
      credentials: 'same-origin',
    })
      .then(async (response) => {
        if (!response.ok) {
          throw new Error(`HTTP ${response.status}`);
        }
        const file = await response.blob();
        if (!file.type.startsWith('image/')) {
          throw new Error('not an image');
        }
        if (live) {
          url = URL.createObjectURL(file);
          setState({ blobId, image: { kind: 'ready', url } });
        }
      })
      .catch(() => {
        if (live) {
          setState({ blobId, image: { kind: 'failed' } });
        }
      });
    return () => {
      live = false;
      if (url) {
        URL.revokeObjectURL(url);
      }
    };
  }, [blobId, fetcher]);
  // Before the effect for a new id runs, the image is loading, never the last one's.
  return state.blobId === blobId ? state.image : { kind: 'loading' };
}
