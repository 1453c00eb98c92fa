import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jpegHeader, pngHeader, tinyPng } from '../../../test/images.ts';
import { accounts, blobs } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';

// issue 31 §6.17: "A PNG whose header declares 50000×50000 pixels (66 bytes) is stored." Every upload
// path (prescriptions, order documents, lab report images, chat images) is POST /blob/put.
const TOO_MANY =
  'ARO-E3006:This image has too many pixels: at most 40 megapixels can be uploaded. Take a new photo or make the image smaller';
const UNREADABLE =
  'ARO-E3007:This image could not be read, so it cannot be uploaded. Take a new photo or save the image again';

const eoi = Buffer.from([0xff, 0xd9]);
const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
// The attack's file: signature, IHDR, a one-byte IDAT and IEND: 66 bytes.
const floodPng = Buffer.concat([
  pngHeader(50_000, 50_000),
  Buffer.from([0, 0, 0, 9, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0]),
  iend,
]);

function gifWithFrame(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(1, 6);
  header.writeUInt16LE(1, 8);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([header, descriptor, Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b])]);
}

describe('POST /blob/put refuses a pixel flood before storing it (issue 31 §6.17)', () => {
  let t: TestApp;
  let token: string;

  async function storedRows(): Promise<number> {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(blobs);
    return row?.n ?? 0;
  }

  function put(body: Buffer, contentType: string) {
    return t.app.inject({
      method: 'POST',
      url: '/blob/put',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ UPLOADS_MAX_PER_DAY: '20' });
    const [row] = await t.database.db
      .insert(accounts)
      .values({ tenantId: 'careline-demo', mobileNo: '94771239876' })
      .returning({ id: accounts.id });
    if (!row) {
      throw new Error('account insert failed');
    }
    ({ token } = await createAccessSession(t.database.db, 'careline-demo', row.id));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['the 66-byte PNG declaring 50000×50000', floodPng, 'image/png'],
    ['a PNG of 8000×5001, one row over 40 megapixels', pngHeader(8_000, 5_001), 'image/png'],
    ['a baseline JPEG whose frame is 65535×65535', Buffer.concat([jpegHeader(65_535, 65_535), eoi]), 'image/jpeg'],
    ['an arithmetic-coded JPEG (SOF9) of 20000×20000', Buffer.concat([jpegHeader(20_000, 20_000, 0xc9), eoi]), 'image/jpeg'],
    ['a 1×1 GIF whose first frame is 60000×60000', gifWithFrame(60_000, 60_000), 'image/gif'],
  ])('refuses %s with 422 ARO-E3006 and stores nothing', async (_name, bytes, type) => {
    const before = await storedRows();
    const response = await put(bytes, type);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: TOO_MANY });
    expect(response.headers['x-blobdata-id']).toBeUndefined();
    expect(await storedRows()).toBe(before);
  });

  it('refuses an image whose header cannot be read with 422 ARO-E3007', async () => {
    // Garbage where the next marker must be: a decoder resynchronising on it could find any frame.
    const garbled = Buffer.concat([jpegHeader(1, 1).subarray(0, 20), Buffer.from('garbage'), jpegHeader(60_000, 60_000).subarray(20), eoi]);
    const before = await storedRows();
    const response = await put(garbled, 'image/jpeg');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: UNREADABLE });
    expect(await storedRows()).toBe(before);
  });

  it('stores images up to 40 megapixels', async () => {
    for (const [bytes, type] of [
      [pngHeader(8_000, 5_000), 'image/png'],
      [Buffer.concat([jpegHeader(8_000, 5_000, 0xc2), Buffer.from('scan'), eoi]), 'image/jpeg'],
      [tinyPng(2, 2), 'image/png'],
      [gifWithFrame(100, 100), 'image/gif'],
    ] as const) {
      const response = await put(bytes, type);
      expect(response.statusCode).toBe(201);
      expect(response.headers['x-blobdata-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
