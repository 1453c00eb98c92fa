import { describe, expect, it } from 'vitest';
import { ORDER_UPLOAD_MAX_BYTES } from '@careline/domain/orders';
import { HIDDEN_FILE, pickedFileRefusal } from './file-check.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF', new Array<number>(200).fill(7));
const pdf = bytes('%PDF-1.7\n', new Array<number>(200).fill(32));
const exe = bytes('MZ', [0x90, 0x00, 0x03], new Array<number>(200).fill(0));

// The signatures and the polyglot rules themselves are tested in packages/domain/src/files.
describe('pickedFileRefusal', () => {
  it('refuses a renamed executable, naming what can be uploaded (ARO-E3002)', async () => {
    const file = new File([exe], 'prescription.jpg', { type: 'image/jpeg' });
    expect(await pickedFileRefusal(file, 'image')).toBe('ARO-E3002:Only images and PDF files can be uploaded');
  });

  it('refuses an image sent as a PDF and a PDF sent as an image', async () => {
    expect(await pickedFileRefusal(new File([jpeg], 'a.pdf', { type: 'application/pdf' }), 'pdf')).toMatch(/^ARO-E3002:/);
    expect(await pickedFileRefusal(new File([pdf], 'a.jpg', { type: 'image/jpeg' }), 'image')).toMatch(/^ARO-E3002:/);
  });

  it('refuses a polyglot and an empty file', async () => {
    const polyglot = new File([bytes([0xff, 0xd8, 0xff, 0xfe, 0, 16], '%PDF-1.4 ', Array.from(jpeg))], 'scan.jpg', { type: 'image/jpeg' });
    expect(await pickedFileRefusal(polyglot, 'image')).toBe(HIDDEN_FILE);
    expect(await pickedFileRefusal(new File([], 'empty.jpg', { type: 'image/jpeg' }), 'image')).toMatch(/^ARO-E3001:/);
  });

  it('reads the end of a large file for an appended archive', async () => {
    const photo = new Uint8Array(200 * 1024);
    photo.set(jpeg);
    const zipEnd = bytes('PK', [5, 6], new Array<number>(18).fill(0));
    const file = new File([photo, zipEnd], 'scan.jpg', { type: 'image/jpeg' });
    expect(await pickedFileRefusal(file, 'image')).toBe(HIDDEN_FILE);
    expect(await pickedFileRefusal(new File([photo], 'scan.jpg', { type: 'image/jpeg' }), 'image')).toBeNull();
  });

  it('refuses a PDF over the limit, and leaves large images to compression', async () => {
    const big = new Uint8Array(ORDER_UPLOAD_MAX_BYTES + 1);
    big.set(pdf);
    expect(await pickedFileRefusal(new File([big], 'big.pdf', { type: 'application/pdf' }), 'pdf')).toBe(
      'ARO-E3003:File is too large',
    );
    const photo = new Uint8Array(ORDER_UPLOAD_MAX_BYTES + 1);
    photo.set(jpeg);
    expect(await pickedFileRefusal(new File([photo], 'big.jpg', { type: 'image/jpeg' }), 'image')).toBeNull();
  });
});
