import { Suspense, useCallback, useMemo } from 'react';
import type { Client } from 'urql';
import { orderViewRoute } from '@careline/domain/orders/plain';
import { fallbackErrorText } from '@careline/domain/errors';
import { errorText } from '../lib/graphql';
import type { ChatOrderUploads, ChatOrders, ChatUploadState } from '../features/chat/utils/chat-orders.ts';
import {
  createOrderDocumentMutation,
  createOrderMutation,
  orderHospitalsQuery,
} from '../features/orders/create/order-create-documents.ts';
import { createOrderPayload } from '../features/orders/create/order-create-payload.ts';
import { OrderUploadList } from '../features/orders/create/order-upload-list.tsx';
import { uploadBlob } from '../features/orders/shared/blob-upload.ts';
import { compressImageInWorker } from '../features/orders/shared/image-compression.ts';
import { isUploadWorking, uploadFailureTexts, type StoredUpload } from '../features/orders/shared/upload-queue.ts';
import {
  useOrderUploads,
  type CreateDocument,
  type OrderUploadDeps,
} from '../features/orders/shared/use-order-uploads.ts';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { isLocale, sourceLocale } from '@careline/i18n/locales';
import { loadOrdersMessages } from '@careline/i18n/orders';
import { useLingui } from '@careline/i18n/react';
import type { I18n } from '@careline/i18n/core';

// Issue 12 §2: Online Pharmacy in the chat. The chat and the orders feature never import each
// other; their meeting point is here, beside ./chat-composition.tsx's consultations.

/**
 * The orders' operations as the chat's port (features/chat/utils/chat-orders.ts): the hospitals, and
 * createServiceRequest with the creation screen's own payload (spec doc 3 §3 Creation payload).
 * @param client - the GraphQL client
 * @param i18n - the app's Lingui instance (the order screen's texts load into it)
 */
export function chatOrders(client: Client, i18n: I18n): ChatOrders {
  return {
    organizations: async () => {
      const result = await client
        .query(orderHospitalsQuery, {}, { requestPolicy: 'network-only' })
        .toPromise();
      if (result.error || !result.data) {
        return null;
      }
      return result.data.queryOrganization.map((hospital) => ({ id: hospital.id, name: hospital.name }));
    },
    createOrder: async (input, idempotencyKey) => {
      const payload = createOrderPayload(
        {
          category: input.category,
          patient: { id: input.patientId, givenName: input.patientGivenName },
          organizationId: input.organizationId,
          initiatedFor: input.initiatedFor,
          address: input.address,
          documentReferenceIds: input.documentReferenceIds,
          sampleDate: input.sampleDate,
        },
        DEFAULT_TIME_ZONE,
      );
      // The lab test's tests, and a home visit's services and time (spec doc 3 §3 Creation payload).
      const full = {
        ...payload,
        ...(input.diagnosticReport.length > 0 ? { diagnosticReport: input.diagnosticReport } : {}),
        ...(input.procedureRequest.length > 0 ? { procedureRequest: input.procedureRequest } : {}),
        ...(input.homeVisitRequestedTime !== null ? { homeVisitRequestedTime: input.homeVisitRequestedTime } : {}),
      };
      const result = await client.mutation(createOrderMutation, { input: full, idempotencyKey }).toPromise();
      const order = result.data?.createServiceRequest;
      if (result.error || !order) {
        return { ok: false, error: result.error ? errorText(result.error) : fallbackErrorText };
      }
      return { ok: true, orderId: order.id };
    },
    orderHref: (orderId) => orderViewRoute(orderId),
    prepareOrderView: () => loadOrdersMessages(i18n, isLocale(i18n.locale) ? i18n.locale : sourceLocale),
  };
}

function uploadState(item: StoredUpload): ChatUploadState {
  if (isUploadWorking(item)) {
    return 'working';
  }
  return item.status === 'done' || item.status === 'failed' || item.status === 'refused' ? item.status : 'working';
}

const newId = (): string => crypto.randomUUID();

/**
 * The chat's prescription upload, run by the orders feature's background uploads (spec doc 3 §4
 * Creation flow steps 1 and 2: each image compressed, sent to the blob store and made a document,
 * with retries), shown with its own list (progress, 'Upload failed' with Retry, Remove).
 * @param client - the GraphQL client
 * @param token - the access token for the blob store
 * @param overrides - stand-ins for tests (the upload steps)
 */
export function useChatOrderUploads(
  client: Client,
  token: string | null,
  overrides?: Partial<OrderUploadDeps>,
): ChatOrderUploads {
  const createDocument = useCallback<CreateDocument>(
    async (args) => {
      const result = await client
        .mutation(createOrderDocumentMutation, args, { requestPolicy: 'network-only' })
        .toPromise();
      const document = result.data?.createDocumentReference;
      if (document) {
        return { kind: 'created', documentId: document.id };
      }
      const refusal = result.error?.graphQLErrors[0]?.message;
      return refusal && !result.error?.networkError ? { kind: 'refused', error: refusal } : { kind: 'network' };
    },
    [client],
  );
  const deps = useMemo<OrderUploadDeps>(
    () => ({
      compress: compressImageInWorker,
      upload: uploadBlob,
      createDocument,
      isOnline: () => navigator.onLine,
      newId,
      now: () => Date.now(),
      ...overrides,
    }),
    [createDocument, overrides],
  );
  const uploads = useOrderUploads({ token, patientId: null, deps });
  const { items, add: addFiles, retry, remove, restore } = uploads;
  const { i18n } = useLingui();
  // The orders' texts (the list's words) load with the first file picked, not with the chat home:
  // the list then shows without suspending the chat.
  const add = useCallback(
    async (files: readonly File[]) => {
      await loadOrdersMessages(i18n, isLocale(i18n.locale) ? i18n.locale : sourceLocale).catch(() => undefined);
      return addFiles(files);
    },
    [i18n, addFiles],
  );
  return useMemo<ChatOrderUploads>(
    () => ({
      items: items.map((item) => ({
        id: item.id,
        name: item.name,
        state: uploadState(item),
        documentId: item.documentId,
      })),
      add,
      clear: () => restore([]),
      list:
        items.length > 0 ? (
          // The orders' texts load on first use: the list waits for them, the chat does not.
          <Suspense fallback={null}>
            <OrderUploadList items={items} onRetry={retry} onRemove={remove} />
          </Suspense>
        ) : null,
      failures: uploadFailureTexts(items),
    }),
    [items, add, retry, remove, restore],
  );
}
