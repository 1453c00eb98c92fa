import { errorString } from '@careline/domain/errors';
import { orderUploadRefusal } from '@careline/domain/orders';
import { requestHeaders } from '@careline/ui/graphql';
import { useEffect, useRef, useState } from 'react';
import { postStaffBlob, type StaffBlobImageState } from '../../../lib/blob-files.ts';
import { readStaffToken } from '../../../lib/staff-token.ts';

// The blob service with the staff token (apps/server files.routes.ts): a staff member reads the
// files of orders of the categories their roles work in their hospitals (files.service
// findReadableBlob) and uploads results, prescriptions and note attachments for a hospital where
// they work orders (?organizationId=), under a quota of their own.

/** A stored file as the screen has it: loading, an object URL, or failed. */
export type StaffFileState = StaffBlobImageState;

/**
 * Uploads a file as the signed-in member for a hospital (POST /blob/put?organizationId= with raw
 * bytes) and answers its id. A file the domain refuses (empty, not an image or PDF, too large) is
 * refused before sending, with the catalogue's 'CODE:message'; the server judges the bytes again.
 * @param file - the chosen file
 * @param organizationId - the hospital of the order the file is for
 * @param fetcher - for tests: a stand-in for fetch
 */
export async function uploadStaffFile(
  file: File,
  organizationId: string,
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const refusal = orderUploadRefusal({ size: file.size, type: file.type });
  if (refusal) {
    throw new Error(errorString(refusal));
  }
  return postStaffBlob(file, organizationId, fetcher);
}

/**
 * Reads the order's stored files with the staff token (GET /blob/get/{id} with the Authorization
 * header) into object URLs. A file already read is kept while the order reloads; each URL is
 * released when its file leaves the list or the screen closes.
 * @param blobIds - the documents' stored files (null: a document without one)
 */
export function useStaffFiles(blobIds: readonly (string | null)[]): Record<string, StaffFileState> {
  const wanted = [...new Set(blobIds.filter((id): id is string => id !== null))].join(',');
  const [files, setFiles] = useState<Record<string, StaffFileState>>({});
  const started = useRef(new Map<string, string | null>());
  useEffect(() => {
    const ids = wanted === '' ? [] : wanted.split(',');
    for (const [id, url] of started.current) {
      if (!ids.includes(id)) {
        if (url) {
          URL.revokeObjectURL(url);
        }
        started.current.delete(id);
      }
    }
    for (const id of ids) {
      if (started.current.has(id)) {
        continue;
      }
      started.current.set(id, null);
      setFiles((current) => ({ ...current, [id]: { kind: 'loading' } }));
      fetch(`/blob/get/${encodeURIComponent(id)}`, { headers: requestHeaders(readStaffToken()), credentials: 'same-origin' })
        .then(async (response) => {
          if (!response.ok) {
            throw new Error(`HTTP ${response.status}`);
          }
          const file = await response.blob();
          if (!started.current.has(id)) {
            return;
          }
          const url = URL.createObjectURL(file);
          started.current.set(id, url);
          setFiles((current) => ({ ...current, [id]: { kind: 'ready', url } }));
        })
        .catch(() => {
          if (started.current.has(id)) {
            // Forgotten so that the next reload of the order tries again.
            started.current.delete(id);
            setFiles((current) => ({ ...current, [id]: { kind: 'failed' } }));
          }
        });
    }
  }, [wanted]);
  useEffect(() => {
    const map = started.current;
    return () => {
      for (const url of map.values()) {
        if (url) {
          URL.revokeObjectURL(url);
        }
      }
      map.clear();
    };
  }, []);
  return files;
}
