/**
 * The image compression worker (spec doc 3 §5: images over 1 MB are compressed to at most 1 MB and
 * 1920 px, off the main thread). browser-image-compression runs here in-process (useWebWorker:
 * false): its own worker would start from a blob: address and fetch the library from a CDN, which
 * the app's CSP (worker-src 'self', script-src 'self') and an offline phone both refuse. This file is
 * bundled by Vite as a same-origin script, so it works under the CSP and from the offline cache.
 */
import imageCompression from 'browser-image-compression';
import type { CompressRequest, CompressReply } from './image-compression.ts';

// The app compiles with the DOM library: a worker's global has the same two calls as a Worker.
const scope = self as unknown as Worker;

scope.addEventListener('message', (event: MessageEvent<CompressRequest>) => {
  const { file, maxBytes, maxDimensionPx, initialQuality } = event.data;
  const reply = (message: CompressReply) => scope.postMessage(message);
  // The library reads a name from File; a Blob from the draft store has none.
  const input = file instanceof File ? file : new File([file], 'image', { type: file.type });
  imageCompression(input, {
    maxSizeMB: maxBytes / (1024 * 1024),
    maxWidthOrHeight: maxDimensionPx,
    initialQuality,
    useWebWorker: false,
    onProgress: (percent) => reply({ kind: 'progress', fraction: percent / 100 }),
  }).then(
    (compressed) => reply({ kind: 'done', file: compressed }),
    (error: unknown) => reply({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
