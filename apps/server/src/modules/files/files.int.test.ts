import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, blobs } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { tinyJpeg, tinyPng } from '../../../test/images.ts';

const MAX_BYTES = 4096;

// Real file headers followed by filler: the server judges the magic bytes and the image header, not
// the whole format.
const png = tinyPng();
const jpeg = tinyJpeg();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

let mobileSeq = 0;

describe('blob storage service (spec doc 1 §7 Blob storage)', () => {
  let t: TestApp;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };
  let firstTenantUser: { accountId: string; token: string };

  async function signedInAccount(
    tenantId = 'careline-demo',
  ): Promise<{ accountId: string; token: string }> {
    mobileSeq += 1;
    const [row] = await t.database.db
      .insert(accounts)
      .values({ tenantId, mobileNo: `9477${String(1_000_000 + mobileSeq).slice(1)}0`.slice(0, 11) })
      .returning({ id: accounts.id });
    if (!row) {
      throw new Error('account insert failed');
    }
    const { token } = await createAccessSession(t.database.db, tenantId, row.id);
    return { accountId: row.id, token };
  }

  function storedFiles(): string[] {
    const root = path.join(t.dataDir, 'blobs');
    if (!fs.existsSync(root)) {
      return [];
    }
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  }

  async function storedRows(): Promise<number> {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(blobs);
    return row?.n ?? 0;
  }

  async function expectNothingStoredSince(before: { rows: number; files: number }): Promise<void> {
    expect(await storedRows()).toBe(before.rows);
    expect(storedFiles().length).toBe(before.files);
  }

  async function snapshot(): Promise<{ rows: number; files: number }> {
    return { rows: await storedRows(), files: storedFiles().length };
  }

  function put(body: Buffer | Readable, headers: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: '/blob/put', headers, payload: body });
  }

  function get(id: string, headers: Record<string, string>) {
    return t.app.inject({ method: 'GET', url: `/blob/get/${id}`, headers });
  }

  beforeAll(async () => {
    t = await createTestApp({ BLOB_MAX_BYTES: String(MAX_BYTES) });
    alice = await signedInAccount();
    bob = await signedInAccount();
    firstTenantUser = await signedInAccount('first-tenant');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('happy path', () => {
    it.each([
      ['PNG', png, 'image/png', 'png'],
      ['JPEG', jpeg, 'image/jpeg', 'jpg'],
      ['PDF', pdf, 'application/pdf', 'pdf'],
    ])(
      'stores a %s and gives the same bytes back to its owner',
      async (_name, bytes, type, extension) => {
        const uploaded = await put(bytes, {
          authorization: `Bearer ${alice.token}`,
          'content-type': type,
        });
        expect(uploaded.statusCode).toBe(201);
        const id = uploaded.headers['x-blobdata-id'];
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(String(uploaded.headers['access-control-expose-headers'])).toContain(
          'x-blobdata-id',
        );
        expect(uploaded.json()).toEqual({ id });

        const downloaded = await get(String(id), { authorization: `Bearer ${alice.token}` });
        expect(downloaded.statusCode).toBe(200);
        expect(downloaded.rawPayload.equals(bytes)).toBe(true);
        expect(downloaded.headers['content-type']).toBe(type);
        expect(downloaded.headers['x-content-type-options']).toBe('nosniff');
        expect(downloaded.headers['cache-control']).toBe('private');
        expect(downloaded.headers['content-disposition']).toMatch(
          new RegExp(`^inline; filename="careline-[0-9a-f]{8}\\.${extension}"$`),
        );

        const [row] = await t.database.db
          .select()
          .from(blobs)
          .where(eq(blobs.id, String(id)));
        expect(row).toMatchObject({
          tenantId: 'careline-demo',
          accountId: alice.accountId,
          contentType: type,
          byteSize: bytes.length,
          sha256: sha256(bytes),
        });
        // The key is generated by the server, never taken from the request.
        expect(row?.storageKey).toMatch(/^careline-demo\/[0-9a-f-]{36}$/);
        expect(
          fs.readFileSync(path.join(t.dataDir, 'blobs', String(row?.storageKey))).equals(bytes),
        ).toBe(true);
      },
    );

    it('accepts the bare token without "Bearer" and stores the type the bytes really are', async () => {
      // A PNG sent as image/jpeg is still an image: accepted, but served as what it is.
      const uploaded = await put(png, { authorization: alice.token, 'content-type': 'image/jpeg' });
      expect(uploaded.statusCode).toBe(201);
      const downloaded = await get(String(uploaded.headers['x-blobdata-id']), {
        authorization: alice.token,
      });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.headers['content-type']).toBe('image/png');
    });

    it('accepts a chunked upload under the limit', async () => {
      const uploaded = await put(Readable.from([png.subarray(0, 5), png.subarray(5)]), {
        authorization: `Bearer ${alice.token}`,
        'content-type': 'image/png',
        'transfer-encoding': 'chunked',
      });
      expect(uploaded.statusCode).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(blobs)
        .where(eq(blobs.id, String(uploaded.headers['x-blobdata-id'])));
      expect(row?.sha256).toBe(sha256(png));
    });
  });

  describe('refusals store nothing', () => {
    it.each([
      ['no Authorization header', {}],
      ['an unknown token', { authorization: 'Bearer not-a-real-token-but-long-enough-0123456789' }],
      ['an empty Bearer', { authorization: 'Bearer ' }],
    ])('answers 401 to an upload with %s', async (_name, auth: Record<string, string>) => {
      const before = await snapshot();
      const response = await put(png, { ...auth, 'content-type': 'image/png' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'ARO-E1023:Please login' });
      expect(response.headers['x-blobdata-id']).toBeUndefined();
      await expectNothingStoredSince(before);
    });

    it("answers 401 to a token of another tenant's account", async () => {
      const before = await snapshot();
      const response = await put(png, {
        authorization: `Bearer ${firstTenantUser.token}`,
        'content-type': 'image/png',
      });
      expect(response.statusCode).toBe(401);
      await expectNothingStoredSince(before);
    });

    it('answers 401 to a download without a valid token', async () => {
      const uploaded = await put(png, {
        authorization: `Bearer ${alice.token}`,
        'content-type': 'image/png',
      });
      const id = String(uploaded.headers['x-blobdata-id']);
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer nope-nope-nope-nope-nope-nope-nope' },
      ];
      for (const headers of attempts) {
        const response = await get(id, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'ARO-E1023:Please login' });
      }
    });

    it("answers another account's blob exactly like a missing one (404)", async () => {
      const uploaded = await put(pdf, {
        authorization: `Bearer ${alice.token}`,
        'content-type': 'application/pdf',
      });
      const id = String(uploaded.headers['x-blobdata-id']);

      const others = await get(id, { authorization: `Bearer ${bob.token}` });
      const missing = await get('00000000-0000-4000-8000-000000000000', {
        authorization: `Bearer ${bob.token}`,
      });
      const malformed = await get('..%2F..%2Fetc%2Fpasswd', {
        authorization: `Bearer ${bob.token}`,
      });
      for (const response of [others, missing, malformed]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'ARO-E2001:The requested record was not found' });
      }
      expect(others.body).toBe(missing.body);
      expect(others.headers['content-type']).toBe(missing.headers['content-type']);

      // The blob is there: its owner still gets it.
      expect((await get(id, { authorization: `Bearer ${alice.token}` })).statusCode).toBe(200);
    });

    it.each([
      ['SVG sent as an image', svg, 'image/svg+xml'],
      ['HTML claiming to be a PNG', html, 'image/png'],
      ['a PNG sent as text/plain', png, 'text/plain'],
      ['a PNG sent as application/octet-stream', png, 'application/octet-stream'],
      ['a PDF sent as an image (header and bytes disagree)', pdf, 'image/png'],
      ['a JPEG sent as a PDF (header and bytes disagree)', jpeg, 'application/pdf'],
      ['JSON', Buffer.from('{"a":1}'), 'application/json'],
    ])('answers 415 to %s', async (_name, bytes, type) => {
      const before = await snapshot();
      const response = await put(bytes, {
        authorization: `Bearer ${alice.token}`,
        'content-type': type,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: 'ARO-E3002:Only images and PDF files can be uploaded',
      });
      await expectNothingStoredSince(before);
    });

    it('answers 415 to an upload without a Content-Type', async () => {
      const before = await snapshot();
      const response = await put(png, { authorization: `Bearer ${alice.token}` });
      expect(response.statusCode).toBe(415);
      await expectNothingStoredSince(before);
    });

    it('answers 400 to an empty upload', async () => {
      const before = await snapshot();
      const response = await put(Buffer.alloc(0), {
        authorization: `Bearer ${alice.token}`,
        'content-type': 'image/png',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'ARO-E3001:File is missing or empty' });
      await expectNothingStoredSince(before);
    });

    it('answers 413 when Content-Length is over BLOB_MAX_BYTES', async () => {
      const before = await snapshot();
      const big = Buffer.concat([png, Buffer.alloc(MAX_BYTES)]);
      const response = await put(big, {
        authorization: `Bearer ${alice.token}`,
        'content-type': 'image/png',
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'ARO-E3003:File is too large' });
      await expectNothingStoredSince(before);
    });

    it('answers 413 to a chunked upload past the limit and stops reading it', async () => {
      const before = await snapshot();
      const totalChunks = 400;
      let pulled = 0;
      async function* chunks(): AsyncGenerator<Buffer> {
        yield png;
        for (let i = 1; i < totalChunks; i++) {
          pulled = i;
          yield Buffer.alloc(1024, 1);
        }
      }
      const response = await put(Readable.from(chunks()), {
        authorization: `Bearer ${alice.token}`,
        'content-type': 'image/png',
        'transfer-encoding': 'chunked',
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'ARO-E3003:File is too large' });
      expect(pulled).toBeLessThan(totalChunks - 1);
      await expectNothingStoredSince(before);
    });
  });

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    it('answers 413 from Content-Length alone, before the body arrives', async () => {
      const before = await snapshot();
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/blob/put',
          headers: {
            authorization: `Bearer ${alice.token}`,
            'content-type': 'image/png',
            'content-length': String(100 * 1024 * 1024),
          },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on('error', reject);
        // Only the first bytes of the declared 100 MB are ever sent.
        request.write(png);
      });
      expect(status).toBe(413);
      await expectNothingStoredSince(before);
    });

    it('stops a chunked upload past the limit long before the client has sent it all', async () => {
      const before = await snapshot();
      const maxChunks = 4000;
      const chunk = Buffer.alloc(16 * 1024, 7);
      const outcome = await new Promise<{ status: number | 'reset'; written: number }>(
        (resolve) => {
          let written = 0;
          let finished = false;
          const finish = (status: number | 'reset'): void => {
            if (!finished) {
              finished = true;
              resolve({ status, written });
              request.destroy();
            }
          };
          const request = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/blob/put',
            headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'image/png' },
          });
          request.on('response', (response) => {
            response.resume();
            finish(response.statusCode ?? 0);
          });
          // The server closes the connection after refusing; the refusal may race the reset.
          request.on('error', () => finish('reset'));
          const pump = (): void => {
            while (!finished && written < maxChunks) {
              written += 1;
              if (!request.write(written === 1 ? png : chunk)) {
                request.once('drain', pump);
                return;
              }
            }
            if (!finished) {
              request.end();
            }
          };
          pump();
        },
      );
      expect([413, 'reset']).toContain(outcome.status);
      expect(outcome.written).toBeLessThan(maxChunks);
      await expectNothingStoredSince(before);
    });
  });
});
