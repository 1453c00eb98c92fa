// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { documentDescription, useOrderUploads, type OrderUploadDeps } from './use-order-uploads.ts';

afterEach(() => cleanup());

/** A JPEG (magic bytes first) over the 1 MB compression threshold. */
function bigPhoto(name: string): File {
  const bytes = new Uint8Array(1_500_000).fill(0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return new File([bytes], name, { type: 'image/jpeg' });
}

type Compression = { file: Blob; signal: AbortSignal | undefined; finish: () => void };

/** Compressions that wait until the test finishes them, as a worker would. */
function harness() {
  const compressions: Compression[] = [];
  let ids = 0;
  const deps: OrderUploadDeps = {
    compress: (file, _onProgress, signal) =>
      new Promise<Blob>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        compressions.push({ file, signal, finish: () => resolve(new File([new Uint8Array(900_000)], 'small.jpg', { type: 'image/jpeg' })) });
      }),
    upload: vi.fn<OrderUploadDeps['upload']>(async () => ({ kind: 'uploaded', blobId: `blob-${String(++ids)}` })),
    createDocument: async (args) => ({ kind: 'created', documentId: `doc-${args.blobId}` }),
    isOnline: () => true,
    newId: () => `id-${String(++ids)}`,
    now: () => 1_000_000,
  };
  return { deps, compressions };
}

describe('useOrderUploads: image compression (spec doc 3 §5: over 1 MB → at most 1 MB, in a worker)', () => {
  it('compresses one image at a time, the next once the previous is done', async () => {
    const { deps, compressions } = harness();
    const { result } = renderHook(() => useOrderUploads({ token: 't', patientId: null, deps }));
    await act(async () => {
      await result.current.add([bigPhoto('a.jpg'), bigPhoto('b.jpg'), bigPhoto('c.jpg')]);
    });
    await waitFor(() => expect(compressions).toHaveLength(1));
    expect(result.current.items.map((item) => item.status)).toEqual(['compressing', 'compressing', 'compressing']);
    expect((compressions[0]?.file as File).name).toBe('a.jpg');
    act(() => compressions[0]?.finish());
    await waitFor(() => expect(compressions).toHaveLength(2));
    expect((compressions[1]?.file as File).name).toBe('b.jpg');
    act(() => compressions[1]?.finish());
    await waitFor(() => expect(compressions).toHaveLength(3));
    act(() => compressions[2]?.finish());
    await waitFor(() => expect(result.current.items.map((item) => item.status)).toEqual(['done', 'done', 'done']));
  });

  it('removing the image being compressed aborts its worker and starts the next', async () => {
    const { deps, compressions } = harness();
    const { result } = renderHook(() => useOrderUploads({ token: 't', patientId: null, deps }));
    await act(async () => {
      await result.current.add([bigPhoto('a.jpg'), bigPhoto('b.jpg')]);
    });
    await waitFor(() => expect(compressions).toHaveLength(1));
    const first = result.current.items[0]?.id ?? '';
    act(() => result.current.remove(first));
    expect(compressions[0]?.signal?.aborted).toBe(true);
    await waitFor(() => expect(compressions).toHaveLength(2));
    expect((compressions[1]?.file as File).name).toBe('b.jpg');
    expect(result.current.items.map((item) => item.name)).toEqual(['b.jpg']);
    expect(deps.upload).not.toHaveBeenCalled();
  });

  it('leaving the screen aborts the compression in progress', async () => {
    const { deps, compressions } = harness();
    const { result, unmount } = renderHook(() => useOrderUploads({ token: 't', patientId: null, deps }));
    await act(async () => {
      await result.current.add([bigPhoto('a.jpg')]);
    });
    await waitFor(() => expect(compressions).toHaveLength(1));
    unmount();
    expect(compressions[0]?.signal?.aborted).toBe(true);
  });
});

describe("documentDescription: the file's name as the server takes it (createDocumentReference)", () => {
  it('drops the control characters of the one-line rule, tab and line breaks included', () => {
    expect(documentDescription('rx\tpage\r\n1\u0000\u001b\u007f.jpg')).toBe('rxpage1.jpg');
    expect(documentDescription('Prescription – Dr. Perera.jpg')).toBe('Prescription – Dr. Perera.jpg');
  });

  it('keeps 200 characters', () => {
    expect(documentDescription(`${'a'.repeat(300)}.jpg`)).toBe('a'.repeat(200));
  });
});
