import type { Page } from 'playwright-core';

/**
 * A JPEG drawn in the page (OffscreenCanvas), as a phone's camera would give it: a photo-like
 * gradient with sensor noise and ink-like lines, as a prescription has.
 * @param page - the page that draws it
 * @param width - pixels
 * @param height - pixels
 * @param quality - JPEG quality, 0 to 1
 * @param ink - the line written on it, and the noise's seed
 */
export async function photoInPage(
  page: Page,
  width: number,
  height: number,
  quality: number,
  ink: { text: string; seed: number },
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width: w, height: h, quality: q, text, seed: start }) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) {
        throw new Error('no 2d context');
      }
      const image = context.createImageData(w, h);
      const data = image.data;
      let seed = start;
      for (let y = 0; y < h; y += 1) {
        for (let x = 0; x < w; x += 1) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const noise = (seed >> 16) % 48;
          const i = (y * w + x) * 4;
          data[i] = ((x * 255) / w + noise) & 255;
          data[i + 1] = ((y * 255) / h + noise) & 255;
          data[i + 2] = (((x + y) * 127) / (w + h) + noise * 2) & 255;
          data[i + 3] = 255;
        }
      }
      context.putImageData(image, 0, 0);
      context.fillStyle = '#1b2a6b';
      context.font = `${Math.round(h / 20)}px serif`;
      for (let line = 1; line < 12; line += 1) {
        context.fillText(text, w / 12, (line * h) / 12);
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: q });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return btoa(binary);
    },
    { width, height, quality, text: ink.text, seed: ink.seed },
  );
  return Buffer.from(base64, 'base64');
}
