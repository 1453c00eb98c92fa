// `npm run bench:upload` (issue 10 Benchmark): compresses a 4000×3000 photo in headless Chromium with
// a 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate), with the app's compressor (apps/web
// features/orders/shared/image-compression.ts: browser-image-compression inside the app's own
// same-origin worker) beside browser-image-compression's own defaults (its blob: web worker) and the
// library on the main thread, all on the same file in the same run. Prints the time, the output size
// and the main thread's long tasks, as ratios against the library's defaults measured in this run,
// and whether the goal is met: output ≤ 1 MB and main thread blocked ≤ 50 ms. Exits non-zero when not.
// The library's defaults start its worker from a blob: address and load itself from libURL (a CDN by
// default; a same-origin copy here): under the app's CSP (worker-src 'self') and offline that worker is
// refused and the library silently compresses on the main thread, the second row. The slowdown is
// DevTools' own (the page's renderer). Writes .bench/upload.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const goal = { maxBytes: 1024 * 1024, maxPx: 1920, blockedMs: 50 };
const runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const cpuSlowdown = 4;

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built page from a folder on a free port. */
function serve(dir) {
  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function summarise(results) {
  return {
    ms: median(results.map((r) => r.ms)),
    bytes: median(results.map((r) => r.bytes)),
    width: results[0].width,
    height: results[0].height,
    longTaskMs: median(results.map((r) => r.longTaskMs)),
    blockingMs: median(results.map((r) => r.blockingMs)),
    longTasks: median(results.map((r) => r.longTasks)),
  };
}

const ratio = (value, base) => (base > 0 ? `${(value / base).toFixed(2)}×` : value > 0 ? '∞' : '—');

async function main() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-bench-upload-'));
  await build({ root: here, configFile: path.join(here, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await serve(outDir);
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const photoBytes = await page.evaluate(() => globalThis.bench.makePhoto(4000, 3000));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

    const variants = [
      ['library defaults (baseline)', 'library'],
      ['library on the main thread (its fallback)', 'libraryMainThread'],
      ['app (its own worker)', 'ours'],
    ];
    const measured = new Map(variants.map(([, key]) => [key, []]));
    // Interleaved, so that a slow moment of the machine falls on every variant alike.
    for (let run = 0; run < runs; run += 1) {
      for (const [, key] of variants) {
        measured.get(key).push(await page.evaluate((name) => globalThis.bench[name](), key));
      }
    }
    const results = new Map([...measured].map(([key, list]) => [key, summarise(list)]));
    const base = results.get('library');

    console.log(`bench:upload — a 4000×3000 JPEG of ${(photoBytes / (1024 * 1024)).toFixed(2)} MB, CPU slowed ${cpuSlowdown}×, median of ${runs}`);
    console.log('variant                                    time ms  (×base)  output KB (×base)  px          long tasks ms (×base)  blocking ms');
    for (const [label, key] of variants) {
      const r = results.get(key);
      console.log(
        `${label.padEnd(42)} ${r.ms.toFixed(0).padStart(7)}  ${ratio(r.ms, base.ms).padStart(7)}  ${(r.bytes / 1024)
          .toFixed(0)
          .padStart(9)} ${ratio(r.bytes, base.bytes).padStart(7)}  ${`${r.width}×${r.height}`.padEnd(10)}  ${r.longTaskMs
          .toFixed(0)
          .padStart(13)} ${ratio(r.longTaskMs, base.longTaskMs).padStart(7)}  ${r.blockingMs.toFixed(0).padStart(11)}`,
      );
    }
    const ours = results.get('ours');
    const sizeMet = ours.bytes <= goal.maxBytes && Math.max(ours.width, ours.height) <= goal.maxPx;
    const blockedMet = ours.longTaskMs <= goal.blockedMs;
    console.log(`goal output ≤ 1 MB and ≤ 1920 px: ${sizeMet ? 'met' : 'NOT met'} (${(ours.bytes / 1024).toFixed(0)} KB, ${ours.width}×${ours.height})`);
    console.log(`goal main thread blocked ≤ 50 ms: ${blockedMet ? 'met' : 'NOT met'} (${ours.longTaskMs.toFixed(0)} ms in long tasks)`);
    fs.mkdirSync(path.join(here, '../../.bench'), { recursive: true });
    fs.writeFileSync(
      path.join(here, '../../.bench/upload.json'),
      `${JSON.stringify({ photoBytes, cpuSlowdown, runs, results: Object.fromEntries(results), goal: { sizeMet, blockedMet } }, null, 2)}\n`,
    );
    process.exitCode = sizeMet && blockedMet ? 0 : 1;
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
