// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { staffUploadUrl } from '../../../lib/blob-files.ts';
import { uploadStaffFile } from './staff-files.ts';

// A staff upload names its hospital (POST /blob/put?organizationId=, apps/server files.routes.ts).

describe('uploadStaffFile', () => {
  it('sends the raw file to the hospital the order is in, and answers the id the service gave', async () => {
    const fetcher = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(JSON.stringify({ id: 'b1' }), { status: 201, headers: { 'x-blobdata-id': 'b1' } }),
    );
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'result.jpg', { type: 'image/jpeg' });
    expect(await uploadStaffFile(file, 'h1', fetcher as typeof fetch)).toBe('b1');
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe('/blob/put?organizationId=h1');
    expect(init).toMatchObject({ method: 'POST', body: file, headers: { 'Content-Type': 'image/jpeg' } });
  });

  it('escapes the hospital id and answers the service refusal', async () => {
    expect(staffUploadUrl('a b&c')).toBe('/blob/put?organizationId=a%20b%26c');
    const fetcher = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'ARO-E1210:You do not have permission for this action' }), { status: 403 }),
    );
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'result.jpg', { type: 'image/jpeg' });
    await expect(uploadStaffFile(file, 'h1', fetcher as typeof fetch)).rejects.toThrow(
      'ARO-E1210:You do not have permission for this action',
    );
  });
});
