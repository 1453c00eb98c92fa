import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, blobs } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { tinyJpeg } from '../../../test/images.ts';

// issue 10 Uploads: "a renamed executable, a polyglot and an oversize file are refused with a clear
// message". The server judges the whole upload, not only its first bytes.
const MAX_BYTES = 256 * 1024;
const DAILY_FILES = 2;

const jpeg = tinyJpeg(Buffer.alloc(2000, 7));
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
// A JPEG comment segment carrying a PDF header: PDF readers look for it in the first 1024 bytes.
const jpegWithPdf = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x20]),
  Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n'),
  jpeg.subarray(2),
]);
// A ZIP (a JAR, an APK) appended to a JPEG: archive readers find its directory at the end.
const zipEnd = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(40, 1),
  Buffer.from([0x50, 0x4b, 0x05, 0x06]),
  Buffer.alloc(18, 0),
]);
const jpegWithZip = Buffer.concat([jpeg, zipEnd]);
const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const gifWithScript = Buffer.from('GIF89a/*<script>alert(1)</script>*/');

const HIDDEN =
  'ARO-E3005:This file has another kind of file hidden inside it, so it cannot be uploaded. Take a new photo or save the document again as a PDF';

describe('POST /blob/put refuses a file that hides another file (issue 10 Uploads)', () => {
  let t: TestApp;
  let token: string;

  function storedFiles(): number {
    const root = path.join(t.dataDir, 'blobs');
    if (!fs.existsSync(root)) {
      return 0;
    }
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile()).length;
  }

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
    t = await createTestApp({
      BLOB_MAX_BYTES: String(MAX_BYTES),
      UPLOADS_MAX_PER_DAY: String(DAILY_FILES),
    });
    const [row] = await t.database.db
      .insert(accounts)
      .values({ tenantId: 'careline-demo', mobileNo: '94771234567' })
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
    ['a JPEG with a PDF header in its first KB', jpegWithPdf, 'image/jpeg'],
    ['a JPEG with a ZIP appended', jpegWithZip, 'image/jpeg'],
    ['a PDF with a ZIP appended', Buffer.concat([pdf, zipEnd]), 'application/pdf'],
    ['a GIF carrying a script', gifWithScript, 'image/gif'],
  ])('refuses %s with 415 and stores nothing', async (_name, bytes, type) => {
    const before = { rows: await storedRows(), files: storedFiles() };
    const response = await put(bytes, type);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: HIDDEN });
    expect(response.headers['x-blobdata-id']).toBeUndefined();
    expect(await storedRows()).toBe(before.rows);
    expect(storedFiles()).toBe(before.files);
  });

  it('refuses HTML renamed .jpg as not an image or PDF', async () => {
    const response = await put(html, 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'ARO-E3002:Only images and PDF files can be uploaded' });
    expect(await storedRows()).toBe(0);
  });

  it('still accepts a plain JPEG and a plain PDF: the refusals did not count against the quota', async () => {
    // The daily cap is DAILY_FILES: had the refused uploads counted, these would get 429.
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [pdf, 'application/pdf'],
    ] as const) {
      const response = await put(bytes, type);
      expect(response.statusCode).toBe(201);
      expect(response.headers['x-blobdata-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await storedRows()).toBe(DAILY_FILES);
    expect(storedFiles()).toBe(DAILY_FILES);
  });
});
