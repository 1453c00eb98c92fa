import path from 'node:path';
import type { Env } from '../../config/env.ts';
import { createFsBlobStore, type BlobStore } from './blob-store.ts';

// The factory stands apart from the interface (blob-store.ts) so that the S3 adapter, which
// implements the interface, is not imported by it in turn (issue 28: no file cycle).

/**
 * The blob store chosen by BLOB_STORAGE.
 * @param env - validated environment
 */
export async function createBlobStore(env: Env): Promise<BlobStore> {
  if (env.BLOB_STORAGE === 's3') {
    const { createS3BlobStore } = await import('./s3-blob-store.ts');
    return createS3BlobStore(env);
  }
  return createFsBlobStore(path.join(env.DATA_DIR, 'blobs'));
}
