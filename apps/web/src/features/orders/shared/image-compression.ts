/**
 * Image compression off the main thread (spec doc 3 §5, §9: images over 1 MB are compressed to at
 * most 1 MB and 1920 px): each image goes to a dedicated worker (compress-image.worker.ts) that runs
 * browser-image-compression, so the page stays responsive on a slow phone.
 */
import { ORDER_IMAGE_COMPRESSION } from '@careline/domain/orders/plain';

/** What the page asks the worker. */
export type CompressRequest = {
  file: Blob;
  maxBytes: number;
  maxDimensionPx: number;
  initialQuality: number;
};

/** What the worker answers: progress, the compressed image, or why it could not. */
export type CompressReply =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; file: Blob }
  | { kind: 'error'; message: string };

/**
 * Compresses one image; rejects when it cannot (e.g. a HEIC the browser cannot decode) or when
 * `signal` aborts (the file was removed, the screen left): the worker is then terminated at once.
 */
export type CompressImage = (file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<Blob>;

/** The rejection of an aborted compression. */
export function compressionAborted(): Error {
  const error = new Error('image compression aborted');
  error.name = 'AbortError';
  return error;
}

/** The first try's JPEG quality: close to the camera's, and most photos reach 1 MB in one or two steps. */
const FIRST_QUALITY = 0.85;
/** The quality of a second try when the library's ten steps left an image above the limit. */
const SECOND_QUALITY = 0.6;

function compressOnce(
  file: Blob,
  initialQuality: number,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<Blob> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(compressionAborted());
      return;
    }
    let worker: Worker;
    try {
      // Vite bundles the worker as a file of its own on the app's origin (CSP worker-src 'self').
      worker = new Worker(new URL('./compress-image.worker.ts', import.meta.url), {
        type: 'module',
        name: 'careline-compress-image',
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // A removed file's decode (tens of MB on a camera photo) stops now, not when it would have finished.
    const abort = () => {
      worker.terminate();
      reject(compressionAborted());
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.addEventListener('message', (event: MessageEvent<CompressReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') {
        onProgress(reply.fraction);
        return;
      }
      worker.terminate();
      signal?.removeEventListener('abort', abort);
      if (reply.kind === 'done') {
        resolve(reply.file);
      } else {
        reject(new Error(reply.message));
      }
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
      reject(new Error(event.message || 'compression worker failed'));
    });
    const request: CompressRequest = {
      file,
      maxBytes: ORDER_IMAGE_COMPRESSION.maxBytes,
      maxDimensionPx: ORDER_IMAGE_COMPRESSION.maxDimensionPx,
      initialQuality,
    };
    worker.postMessage(request);
  });
}

/**
 * The app's compressor: one worker per image (the caller runs one image at a time), and a second, lower-quality try in the rare case the
 * first result is still over 1 MB. Rejects when the browser has no workers or cannot decode the
 * image; the caller then sends the original if it is within the upload limit.
 */
export const compressImageInWorker: CompressImage = async (file, onProgress, signal) => {
  if (typeof Worker === 'undefined') {
    throw new Error('this browser has no web workers');
  }
  const first = await compressOnce(file, FIRST_QUALITY, (fraction) => onProgress(fraction * 0.9), signal);
  if (first.size <= ORDER_IMAGE_COMPRESSION.maxBytes) {
    onProgress(1);
    return first;
  }
  const second = await compressOnce(first, SECOND_QUALITY, (fraction) => onProgress(0.9 + fraction * 0.1), signal);
  onProgress(1);
  return second;
};
