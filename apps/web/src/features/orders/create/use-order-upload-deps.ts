import { useCallback, useMemo } from 'react';
import type { Client } from 'urql';
import { uploadBlob } from '../shared/blob-upload.ts';
import { compressImageInWorker } from '../shared/image-compression.ts';
import type { CreateDocument, OrderUploadDeps } from '../shared/use-order-uploads.ts';
import { createOrderDocumentMutation } from './order-create-documents.ts';

const newUploadId = (): string => crypto.randomUUID();

/**
 * The steps of an order file's background upload (spec doc 3 §4 Creation flow steps 1 and 2): the
 * image compressed in a worker, the bytes sent to the blob store, and a document made of them by
 * createDocumentReference. One set for the order screen and the chat's prescription upload.
 * @param client - the GraphQL client
 * @param overrides - stand-ins for tests (any of the steps); keep it stable between renders
 */
export function useOrderUploadDeps(client: Client, overrides?: Partial<OrderUploadDeps>): OrderUploadDeps {
  const createDocument = useCallback<CreateDocument>(
    async (args) => {
      const result = await client
        .mutation(createOrderDocumentMutation, args, { requestPolicy: 'network-only' })
        .toPromise();
      const document = result.data?.createDocumentReference;
      if (document) {
        return { kind: 'created', documentId: document.id };
      }
      // A refusal names its reason; a lost connection is told apart, so the item can be retried.
      const refusal = result.error?.graphQLErrors[0]?.message;
      return refusal && !result.error?.networkError ? { kind: 'refused', error: refusal } : { kind: 'network' };
    },
    [client],
  );
  return useMemo<OrderUploadDeps>(
    () => ({
      compress: compressImageInWorker,
      upload: uploadBlob,
      createDocument,
      isOnline: () => navigator.onLine,
      newId: newUploadId,
      now: () => Date.now(),
      ...overrides,
    }),
    [createDocument, overrides],
  );
}
