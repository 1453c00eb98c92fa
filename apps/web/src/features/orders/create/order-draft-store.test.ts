import { describe, expect, it } from 'vitest';
import {
  chatUploadsKey,
  draftKey,
  indexedDbDraftStore,
  memoryDraftStore,
  resumedDraft,
  resumedUploads,
  type StoredChatUploads,
  type StoredOrderDraft,
  type StoredUpload,
} from './order-draft-store.ts';

function file(overrides: Partial<StoredUpload>): StoredUpload {
  return {
    id: 'f',
    name: 'a.jpg',
    kind: 'image',
    type: 'image/jpeg',
    size: 10,
    originalSize: 10,
    status: 'queued',
    progress: 0.5,
    attempts: 1,
    retryAt: 99,
    blobId: null,
    documentId: null,
    documentKey: 'k',
    refusal: null,
    original: null,
    prepared: new Blob(['x']),
    ...overrides,
  };
}

function draft(files: StoredUpload[]): StoredOrderDraft {
  return {
    version: 1,
    organizationId: null,
    patientId: null,
    initiatedFor: 'homecare',
    address: { addressLineOne: '', addressLineTwo: '', addressLineThree: '', addressCity: '' },
    addressEdited: false,
    sampleDate: null,
    submit: null,
    files,
    savedAt: 0,
  };
}

describe('the draft kept on the phone', () => {
  it('is kept per account and category', () => {
    expect(draftKey('acc-1', 'Medication')).toBe('acc-1:Medication');
    expect(draftKey('acc-2', 'Medication')).not.toBe(draftKey('acc-1', 'Medication'));
  });

  it("keeps the guided chat's uploads in one record per account, apart from the drafts (issue 12 §2)", async () => {
    expect(chatUploadsKey('acc-1')).toBe('acc-1:chat');
    expect(['Medication', 'Examination', 'Procedure'].map((category) => draftKey('acc-1', category))).not.toContain(
      chatUploadsKey('acc-1'),
    );
    const store = memoryDraftStore<StoredChatUploads>();
    await store.save(chatUploadsKey('acc-1'), { version: 1, files: [file({})], savedAt: 0 });
    expect(await store.load(chatUploadsKey('acc-2'))).toBeNull();
    expect((await store.load(chatUploadsKey('acc-1')))?.files).toHaveLength(1);
  });

  it('resumes work the page was doing when it went away', () => {
    const resumed = resumedDraft(
      draft([
        file({ id: 'uploading', status: 'uploading' }),
        file({ id: 'uploaded', status: 'uploading', blobId: 'b-1' }),
        file({ id: 'compressing', status: 'compressing', original: new Blob(['y']), prepared: null }),
        file({ id: 'lost', status: 'waiting', prepared: null }),
        file({ id: 'done', status: 'done', documentId: 'd', blobId: 'b' }),
      ]),
    );
    expect(resumed.files.map((item) => [item.id, item.status, item.progress])).toEqual([
      ['uploading', 'queued', 0],
      ['uploaded', 'creating', 0],
      ['compressing', 'compressing', 0],
      ['lost', 'failed', 0],
      ['done', 'done', 0],
    ]);
  });

  it('resumes files alone as a draft resumes them (the chat keeps no choices)', () => {
    const files = [
      file({ id: 'uploading', status: 'uploading' }),
      file({ id: 'retrying', status: 'retrying', blobId: 'b-1' }),
      file({ id: 'lost', status: 'uploading', prepared: null }),
      file({ id: 'failed', status: 'failed', prepared: null }),
    ];
    expect(resumedUploads(files)).toEqual(resumedDraft(draft(files)).files);
    expect(resumedUploads(files).map((item) => [item.id, item.status, item.retryAt])).toEqual([
      ['uploading', 'queued', null],
      ['retrying', 'creating', null],
      ['lost', 'failed', null],
      ['failed', 'failed', 99],
    ]);
  });

  it('is in memory where the browser has no IndexedDB', async () => {
    expect(indexedDbDraftStore(undefined)).toBeNull();
    const store = memoryDraftStore();
    await store.save('k', draft([]));
    expect(await store.load('k')).toMatchObject({ version: 1 });
    await store.clear('k');
    expect(await store.load('k')).toBeNull();
  });
});
