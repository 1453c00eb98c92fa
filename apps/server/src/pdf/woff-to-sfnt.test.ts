import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff-to-sfnt.ts';

const fontFile = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff',
);

describe('woffToSfnt', () => {
  it('unwraps a WOFF into an sfnt with the same tables, each at a 4-byte boundary and with its stored checksum', () => {
    const woff = readFileSync(fontFile);
    const sfnt = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    // the sfnt's total length is the WOFF header's totalSfntSize
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
    const tags: string[] = [];
    for (let index = 0; index < numTables; index++) {
      const entry = 12 + index * 16;
      tags.push(sfnt.toString('latin1', entry, entry + 4));
      expect(sfnt.readUInt32BE(entry + 8) % 4).toBe(0);
      expect(sfnt.readUInt32BE(entry + 4)).toBe(woff.readUInt32BE(44 + index * 20 + 16));
    }
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'GSUB']));
  });

  it('refuses bytes that are not WOFF 1.0', () => {
    expect(() =>
      woffToSfnt(Buffer.from('wOF2 not this one, and long enough to pass the header length test')),
    ).toThrow('Not a WOFF 1.0 font');
  });
});
