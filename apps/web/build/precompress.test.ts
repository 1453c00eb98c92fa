import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir', () => {
  let dir = '';
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files over 1 KB that decompress to the original', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = 'export const answer = 42;\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};');
    fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(4096, 7));

    const written = precompressDir(dir);

    expect(written.map((entry) => entry.file)).toEqual([path.join('assets', 'index-abc123.js')]);
    const base = path.join(dir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(fs.readFileSync(`${base}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${base}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${base}.br`).size).toBeLessThan(script.length);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'icon.png.br'))).toBe(false);
  });
});
