import type { Env } from '../../config/env.ts';
import type { BlobStore } from './blob-store.ts';

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2).
 * @param env - S3_* settings
 */
export function createS3BlobStore(env: Env): BlobStore {
  void env;
  throw new Error('S3 blob store not built yet');
}
