import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressImageInWorker } from './image-compression.ts';

/** A stand-in for the compression worker: it never answers unless told, and records terminate(). */
class FakeWorker {
  static made: FakeWorker[] = [];
  terminated = false;
  posted: unknown[] = [];
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor() {
    FakeWorker.made.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: unknown) {
    for (const listener of this.listeners.get('message') ?? []) {
      listener({ data });
    }
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

describe('compressImageInWorker', () => {
  it('answers the compressed image and ends its worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const small = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
    const done = compressImageInWorker(new Blob([new Uint8Array(20)], { type: 'image/jpeg' }), () => undefined);
    FakeWorker.made[0]?.reply({ kind: 'done', file: small });
    await expect(done).resolves.toBe(small);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it('an abort terminates the worker at once and rejects', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const controller = new AbortController();
    const running = compressImageInWorker(new Blob([new Uint8Array(20)], { type: 'image/jpeg' }), () => undefined, controller.signal);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.terminated).toBe(false);
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it('starts no worker when already aborted', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const controller = new AbortController();
    controller.abort();
    await expect(compressImageInWorker(new Blob([new Uint8Array(20)]), () => undefined, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeWorker.made).toHaveLength(0);
  });
});
