import { afterEach, describe, expect, it, vi } from 'vitest';
import { blobUploadOutcome, fetchBlobUploader, uploadBlob } from './blob-upload.ts';

describe('POST /blob/put answers', () => {
  it('takes the id from x-blobdata-id', () => {
    expect(blobUploadOutcome(201, 'b-1', '{"id":"b-1"}')).toEqual({ kind: 'uploaded', blobId: 'b-1' });
  });

  it("shows the server's refusal of the file and does not retry it", () => {
    expect(blobUploadOutcome(415, null, '{"error":"ARO-E3002:Only images and PDF files can be uploaded"}')).toEqual({
      kind: 'refused',
      error: 'ARO-E3002:Only images and PDF files can be uploaded',
    });
    expect(blobUploadOutcome(413, null, '{"error":"ARO-E3003:File is too large"}')).toMatchObject({ kind: 'refused' });
    expect(blobUploadOutcome(400, null, 'not json')).toEqual({ kind: 'refused', error: 'ARO-E2002:The request is not valid' });
  });

  it('retries no answer, server errors and a bare 429 or 408', () => {
    expect(blobUploadOutcome(0, null, '')).toEqual({ kind: 'network' });
    expect(blobUploadOutcome(502, null, 'Bad gateway')).toEqual({ kind: 'network' });
    expect(blobUploadOutcome(429, null, '')).toEqual({ kind: 'network' });
    expect(blobUploadOutcome(408, null, '')).toEqual({ kind: 'network' });
  });
});

describe('uploadBlob (XMLHttpRequest to /blob/put)', () => {
  type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

  class FakeRequest {
    static last: FakeRequest | null = null;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown = null;
    status = 0;
    responseText = '';
    answerHeaders: Record<string, string> = {};
    listeners: Record<string, Listener[]> = {};
    upload = {
      listeners: [] as Listener[],
      addEventListener: (_type: string, listener: Listener) => this.upload.listeners.push(listener),
    };
    constructor() {
      FakeRequest.last = this;
    }
    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: Listener): void {
      (this.listeners[type] ??= []).push(listener);
    }
    getResponseHeader(name: string): string | null {
      return this.answerHeaders[name] ?? null;
    }
    abort(): void {
      this.emit('abort');
    }
    send(body: unknown): void {
      this.body = body;
    }
    emit(type: string): void {
      for (const listener of this.listeners[type] ?? []) {
        listener({ lengthComputable: false, loaded: 0, total: 0 });
      }
    }
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    FakeRequest.last = null;
  });

  it('sends the raw file with its type and the token, reports progress and answers the id on 201', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const progress: number[] = [];
    const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const outcome = uploadBlob(file, { token: 'tok', onProgress: (fraction) => progress.push(fraction) });
    const request = FakeRequest.last;
    expect(request).not.toBeNull();
    if (!request) {
      return;
    }
    expect([request.method, request.url, request.body]).toEqual(['POST', '/blob/put', file]);
    expect(request.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'image/jpeg' });
    expect(request.headers['X-Correlation-Id']).toBeTruthy();
    for (const listener of request.upload.listeners) {
      listener({ lengthComputable: true, loaded: 1, total: 4 });
    }
    request.status = 201;
    request.answerHeaders['x-blobdata-id'] = 'b-1';
    request.emit('load');
    expect(await outcome).toEqual({ kind: 'uploaded', blobId: 'b-1' });
    expect(progress).toEqual([0.25]);
  });

  it('sends no Authorization without a token and answers a dropped connection as a network failure', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const outcome = uploadBlob(new Blob(['%PDF-'], { type: 'application/pdf' }), { token: null });
    expect(FakeRequest.last?.headers.Authorization).toBeUndefined();
    FakeRequest.last?.emit('error');
    expect(await outcome).toEqual({ kind: 'network' });
  });
});

describe('fetchBlobUploader (the same upload over fetch, for the notes)', () => {
  it('sends the same headers and reads the answer the same way', async () => {
    const seen: { url: string; headers: Headers; body: unknown }[] = [];
    const upload = fetchBlobUploader((url, init) => {
      seen.push({ url: typeof url === 'string' ? url : '', headers: new Headers(init?.headers), body: init?.body });
      return Promise.resolve(new Response('{"id":"b-2"}', { status: 201, headers: { 'x-blobdata-id': 'b-2' } }));
    });
    const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    expect(await upload(file, { token: 'tok' })).toEqual({ kind: 'uploaded', blobId: 'b-2' });
    expect(seen[0]?.url).toBe('/blob/put');
    expect(seen[0]?.body).toBe(file);
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/pdf');
  });

  it("answers a refusal's 'CODE:message' and a failed request as a network failure", async () => {
    const refused = fetchBlobUploader(() =>
      Promise.resolve(new Response('{"error":"ARO-E3005:hidden"}', { status: 415 })),
    );
    expect(await refused(new Blob(['x'], { type: 'image/jpeg' }), { token: null })).toEqual({
      kind: 'refused',
      error: 'ARO-E3005:hidden',
    });
    const offline = fetchBlobUploader(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline(new Blob(['x'], { type: 'image/jpeg' }), { token: null })).toEqual({ kind: 'network' });
  });
});
