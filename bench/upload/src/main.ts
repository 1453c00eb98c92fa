// The bench page: a 4000×3000 photo made in the page, then compressed by the app's compressor
// (apps/web features/orders/create: browser-image-compression run inside the app's own worker) and by
// browser-image-compression with its own defaults (its blob: worker, the library fetched from libURL),
// each measured for time, output size and the main thread's long tasks.
import imageCompression from 'browser-image-compression';
import libraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { compressImageInWorker } from '../../../apps/web/src/features/orders/shared/image-compression.ts';

export type BenchResult = {
  ms: number;
  bytes: number;
  width: number;
  height: number;
  /** Sum of the long tasks (over 50 ms) on the main thread during the run. */
  longTaskMs: number;
  /** Total blocking time: the sum of each long task's part over 50 ms. */
  blockingMs: number;
  longTasks: number;
};

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    longTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: 'longtask', buffered: true });

async function makePhoto(width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('no 2d context');
  }
  const image = context.createImageData(width, height);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 48;
      const i = (y * width + x) * 4;
      image.data[i] = ((x * 255) / width + noise) & 255;
      image.data[i + 1] = ((y * 255) / height + noise) & 255;
      image.data[i + 2] = (((x + y) * 127) / (width + height) + noise * 2) & 255;
      image.data[i + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  context.fillStyle = '#1b2a6b';
  context.font = `${Math.round(height / 20)}px serif`;
  for (let line = 1; line < 12; line += 1) {
    context.fillText('Rx Amoxicillin 500 mg  1 x 3  5 days', width / 12, (line * height) / 12);
  }
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
  return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
}

let photo: File | null = null;

async function measure(run: (file: File) => Promise<Blob>): Promise<BenchResult> {
  if (!photo) {
    throw new Error('make the photo first');
  }
  // Let the photo's own work settle so its long tasks are not counted.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const output = await run(photo);
  const ended = performance.now();
  // Long task entries arrive after the task: give the observer a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const during = longTasks.filter((task) => task.start >= started && task.start <= ended);
  const bitmap = await createImageBitmap(output);
  return {
    ms: ended - started,
    bytes: output.size,
    width: bitmap.width,
    height: bitmap.height,
    longTaskMs: during.reduce((sum, task) => sum + task.duration, 0),
    blockingMs: during.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longTasks: during.length,
  };
}

const targets = { maxSizeMB: 1, maxWidthOrHeight: 1920 };

Object.assign(window, {
  bench: {
    makePhoto: async (width: number, height: number) => {
      photo = await makePhoto(width, height);
      return photo.size;
    },
    ours: () => measure((file) => compressImageInWorker(file, () => undefined)),
    // The library's defaults (its own web worker, quality 1 and 10 steps) with the same two targets.
    // Its worker loads the library from libURL: a same-origin copy, as the bench has no CDN.
    library: () => measure((file) => imageCompression(file, { ...targets, libURL: new URL(libraryUrl, location.href).href })),
    libraryMainThread: () => measure((file) => imageCompression(file, { ...targets, useWebWorker: false })),
  },
});
