import { describe, expect, it } from 'vitest';
import { LAB_REPORT_IMAGE_MAX_PIXELS, labReportImageSize } from './lab-report-image.ts';
import { SAMPLE_HEADER_IMAGE, SAMPLE_SIGNATURE_IMAGE } from './lab-report-pdf-test-fixture.ts';

// The check made when the laboratory sets a report image (issue 11): only images pdfkit can draw.

describe('labReportImageSize', () => {
  it('answers the size of a PNG the report can draw, with or without transparency', async () => {
    expect(await labReportImageSize(SAMPLE_HEADER_IMAGE)).toEqual({ width: 1240, height: 180 });
    expect(await labReportImageSize(SAMPLE_SIGNATURE_IMAGE)).toEqual({ width: 300, height: 100 });
  });

  it('answers null for damaged data, another format and an empty file', async () => {
    const damaged = Buffer.concat([SAMPLE_SIGNATURE_IMAGE.subarray(0, 40), Buffer.alloc(200, 7)]);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const bytes of [damaged, gif, Buffer.alloc(0), Buffer.from('%PDF-1.4\n')]) {
      expect(await labReportImageSize(bytes)).toBeNull();
    }
  });

  it('answers null for an image that declares more pixels than a report needs, before decoding it', async () => {
    // The signature PNG with its IHDR saying 20000 × 20000 (a decompression bomb's header).
    const huge = Buffer.from(SAMPLE_SIGNATURE_IMAGE);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect(20_000 * 20_000).toBeGreaterThan(LAB_REPORT_IMAGE_MAX_PIXELS);
    expect(await labReportImageSize(huge)).toBeNull();
  });
});
