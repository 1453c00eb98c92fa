import { describe, expect, it } from 'vitest';
import { ORDER_TEXTS, ORDER_UPLOAD_STATE } from '@careline/domain/orders';
import {
  AUTOMATIC_UPLOAD_ATTEMPTS,
  afterNetworkFailure,
  orderUploadState,
  resumeUpload,
  retryDelayMs,
  uploadFailureTexts,
  uploadKindOf,
  uploadedDocumentIds,
  type OrderUploadItem,
} from './upload-queue.ts';

function item(overrides: Partial<OrderUploadItem> = {}): OrderUploadItem {
  return {
    id: 'f-1',
    name: 'prescription.jpg',
    kind: 'image',
    type: 'image/jpeg',
    size: 1000,
    originalSize: 1000,
    status: 'queued',
    progress: 0,
    attempts: 0,
    retryAt: null,
    blobId: null,
    documentId: null,
    documentKey: 'key-1',
    refusal: null,
    ...overrides,
  };
}

describe('upload retries (exponential backoff)', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [6, 30_000],
    [10, 30_000],
  ])('try %i waits %i ms before jitter', (attempt, wait) => {
    expect(retryDelayMs(attempt, 0)).toBe(wait);
    expect(retryDelayMs(attempt, 0.999)).toBeLessThanOrEqual(Math.round(wait * 1.2));
  });

  it('backs off after a network failure, then shows Upload failed once the automatic tries are used up', () => {
    let current = item({ status: 'uploading' });
    for (let failure = 1; failure < AUTOMATIC_UPLOAD_ATTEMPTS; failure += 1) {
      current = afterNetworkFailure(current, 10_000, true, 0);
      expect(current).toMatchObject({ status: 'retrying', attempts: failure, retryAt: 10_000 + retryDelayMs(failure, 0) });
    }
    current = afterNetworkFailure(current, 10_000, true, 0);
    expect(current).toMatchObject({ status: 'failed', attempts: AUTOMATIC_UPLOAD_ATTEMPTS, retryAt: null });
  });

  it('waits for the connection when the browser is offline', () => {
    expect(afterNetworkFailure(item({ status: 'uploading' }), 0, false)).toMatchObject({ status: 'waiting', retryAt: null });
  });

  it('resumes an uploaded file at its document record, and the others at the upload', () => {
    expect(resumeUpload(item({ status: 'failed', attempts: 5, blobId: 'b-1' }), true)).toMatchObject({
      status: 'creating',
      attempts: 0,
    });
    expect(resumeUpload(item({ status: 'retrying', attempts: 2, retryAt: 5 }), false)).toMatchObject({
      status: 'queued',
      attempts: 2,
      retryAt: null,
    });
  });
});

describe('upload state and texts (spec doc 3 §4, §8)', () => {
  it('uses the spec codes: 1 uploading, 3 failed, 0 idle', () => {
    expect(orderUploadState([item({ status: 'uploading' }), item({ status: 'failed' })])).toBe(ORDER_UPLOAD_STATE.UPLOADING);
    expect(orderUploadState([item({ status: 'waiting' })])).toBe(ORDER_UPLOAD_STATE.UPLOADING);
    expect(orderUploadState([item({ status: 'done' }), item({ status: 'failed' })])).toBe(ORDER_UPLOAD_STATE.FAILED);
    expect(orderUploadState([item({ status: 'done' }), item({ status: 'refused' })])).toBe(ORDER_UPLOAD_STATE.IDLE);
  });

  it("says 'Failed to upload some images, please retry!' and the documents' text by kind", () => {
    expect(uploadFailureTexts([item({ status: 'failed' })])).toEqual([ORDER_TEXTS.imagesUploadFailed]);
    expect(uploadFailureTexts([item({ status: 'failed', kind: 'pdf' })])).toEqual([
      'Failed to upload some documents, please retry!',
    ]);
    expect(uploadFailureTexts([item({ status: 'failed' }), item({ status: 'failed', kind: 'pdf' })])).toEqual([
      'Failed to upload some images, please retry!',
      'Failed to upload some documents, please retry!',
    ]);
    expect(uploadFailureTexts([item({ status: 'refused' })])).toEqual([]);
  });

  it('lists the documents of finished files in the order they were picked', () => {
    expect(
      uploadedDocumentIds([
        item({ id: 'a', status: 'done', documentId: 'd-a' }),
        item({ id: 'b', status: 'creating', blobId: 'b-b' }),
        item({ id: 'c', status: 'done', documentId: 'd-c' }),
      ]),
    ).toEqual(['d-a', 'd-c']);
  });

  it('takes images (image/*) and PDFs (application/pdf) only', () => {
    expect(uploadKindOf('image/jpeg')).toBe('image');
    expect(uploadKindOf('image/heic')).toBe('image');
    expect(uploadKindOf('application/pdf')).toBe('pdf');
    expect(uploadKindOf('application/x-msdownload')).toBeNull();
    expect(uploadKindOf('')).toBeNull();
  });
});
