import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Env } from '../../config/env.ts';
import { assertKey, readinessReason, type BlobStore } from './blob-store.ts';

type S3Settings = Pick<
  Env,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** How long the readiness check waits for S3 to answer HeadBucket, retries included. */
export const S3_READY_TIMEOUT_MS = 2000;

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2).
 * @param env - S3_* settings; credentials fall back to the SDK's default chain when unset
 * @param options - readyTimeoutMs: how long the readiness check waits (S3_READY_TIMEOUT_MS)
 */
export function createS3BlobStore(
  env: S3Settings,
  options: { readyTimeoutMs?: number } = {},
): BlobStore & { close: () => void } {
  const readyTimeoutMs = options.readyTimeoutMs ?? S3_READY_TIMEOUT_MS;
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    throw new Error('S3_BUCKET is required for the S3 blob store');
  }
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Many S3-compatible stores reject the SDK's newer default checksum headers; only send them
    // where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    get: async (key) => {
      assertKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) {
          return null;
        }
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) {
          return null;
        }
        throw error;
      }
    },
    delete: async (key) => {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    // HeadBucket: one small signed request that proves the endpoint answers, the credentials are
    // good and the bucket exists, without listing or writing anything.
    ready: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(readyTimeoutMs),
        });
        return { ready: true };
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const why = status === 404 ? 'NoSuchBucket' : status === 403 ? 'AccessDenied' : readinessReason(error);
        return { ready: false, reason: `s3: ${why}` };
      }
    },
    close: () => {
      client.destroy();
    },
  };
}
