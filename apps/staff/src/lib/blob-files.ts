import { requestHeaders } from '@careline/ui/graphql';
import { useEffect, useState } from 'react';
import { readStaffToken } from './staff-token.ts';

// The blob service with the staff token (apps/server files.routes.ts): a member uploads for a hospital
// (?organizationId=, where one of their roles may upload: orders, chat images, report images) and
// reads the files their roles may read (files.service findReadableBlob).

/** Response header carrying the new file's id (spec doc 1 §7 Blob storage). */
const BLOB_ID_HEADER = 'x-blobdata-id';

/** A stored image as a screen has it: loading, an object URL, or failed. */
export type StaffBlobImageState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/** The blob service's own 'CODE:message' of a refused request, else the HTTP status. */
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
 * The upload address for a hospital: a staff upload names the hospital it is for, checked before the
 * body is read (docs/api-contract.md).
 * @param organizationId - the hospital
 */
export function staffUploadUrl(organizationId: string): string {
  return `/blob/put?organizationId=${encodeURIComponent(organizationId)}`;
}

/**
 * Uploads a file as the signed-in member for a hospital (POST /blob/put?organizationId= with the raw
 * bytes) and answers its id. The caller refuses what its feature does not take before calling; the
 * server judges the bytes again.
 * @param file - the chosen file
 * @param organizationId - the hospital
 * @param fetcher - for tests: a stand-in for fetch
 */
export async function postStaffBlob(file: File, organizationId: string, fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(staffUploadUrl(organizationId), {
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
 * Reads one stored image with the staff token (GET /blob/get/{id}) into an object URL, released when
 * it leaves the screen or changes. Anything but an image counts as failed.
 * @param blobId - the image, or null
 * @param fetcher - for tests: a stand-in for fetch
 */
export function useStaffBlobImage(blobId: string | null, fetcher: typeof fetch = fetch): StaffBlobImageState {
  const [state, setState] = useState<{ blobId: string | null; image: StaffBlobImageState }>({
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
