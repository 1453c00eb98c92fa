import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Env } from '../../config/env.ts';
import { assertKey, type BlobStore } from './blob-store.ts';

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

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2).
 * @param env - S3_* settings; credentials fall back to the SDK's default chain when unset
 */
export function createS3BlobStore(env: S3Settings): BlobStore & { close: () => void } {
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
    close: () => {
      client.destroy();
    },
  };
}
