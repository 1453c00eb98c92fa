import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Client } from 'urql';
import { orderViewRoute } from '@careline/domain/orders/plain';
import { fallbackErrorText } from '@careline/domain/error-wire';
import { errorText } from '../lib/graphql';
import type { ChatOrderUploads, ChatOrders, ChatUploadState } from '../features/chat/utils/chat-orders.ts';
import { CHAT_MEMORY_MAX_AGE_MS } from '../features/chat/utils/chat-memory.ts';
import { createOrderMutation, orderHospitalsQuery } from '../features/orders/create/order-create-documents.ts';
import { createOrderPayload } from '../features/orders/create/order-create-payload.ts';
import {
  chatUploadsKey,
  defaultDraftStore,
  resumedUploads,
  type DraftStore,
  type StoredChatUploads,
} from '../features/orders/create/order-draft-store.ts';
import { OrderUploadList } from '../features/orders/create/order-upload-list.tsx';
import { isUploadWorking, uploadFailureTexts, type StoredUpload } from '../features/orders/shared/upload-queue.ts';
import { useOrderUploadDeps } from '../features/orders/create/use-order-upload-deps.ts';
import { useOrderUploads, type OrderUploadDeps } from '../features/orders/shared/use-order-uploads.ts';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { isLocale, sourceLocale } from '@careline/i18n/locales';
import { loadOrdersMessages } from '@careline/i18n/orders';
import { useLingui } from '@careline/i18n/react';
import type { I18n } from '@careline/i18n/core';
import { useSession } from '../lib/session';

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
          // The chat picks a time of day as well (issue 30 §11): sent as it is, below.
          sampleDate: null,
        },
        DEFAULT_TIME_ZONE,
      );
      // The lab test's tests and sample collection time, a home visit's services and time (spec doc 3 §3 Creation payload).
      const full = {
        ...payload,
        ...(input.diagnosticReport.length > 0 ? { diagnosticReport: input.diagnosticReport } : {}),
        ...(input.procedureRequest.length > 0 ? { procedureRequest: input.procedureRequest } : {}),
        ...(input.homeVisitRequestedTime !== null ? { homeVisitRequestedTime: input.homeVisitRequestedTime } : {}),
        ...(input.category === 'Examination' && input.sampleCollectionRequestedTime !== null
          ? { sampleCollectionRequestedTime: input.sampleCollectionRequestedTime }
          : {}),
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

/** Where the chat keeps its uploads on the phone (the order drafts' store; memory in tests). */
export type ChatUploadStore = DraftStore<StoredChatUploads>;

/**
 * The chat's prescription upload, run by the orders feature's background uploads (spec doc 3 §4
 * Creation flow steps 1 and 2: each image compressed, sent to the blob store and made a document,
 * with retries), shown with its own list (progress, 'Upload failed' with Retry, Remove).
 * The files are kept on the phone with their bytes until they join the conversation (issue 12 §2:
 * nothing is lost to a reload), one record per account in the order drafts' store (deleted at
 * sign-out with the rest of lib/session's stored data): after a reload the files still on their way
 * go on, and those whose bytes are gone show 'Upload failed' with Retry.
 * @param client - the GraphQL client
 * @param token - the access token for the blob store
 * @param overrides - stand-ins for tests (the upload steps)
 * @param store - where the files are kept (IndexedDB by default; memory in tests)
 */
export function useChatOrderUploads(
  client: Client,
  token: string | null,
  overrides?: Partial<OrderUploadDeps>,
  store?: ChatUploadStore,
): ChatOrderUploads {
  const deps = useOrderUploadDeps(client, overrides);
  const uploads = useOrderUploads({ token, patientId: null, deps });
  const { items, add: addFiles, retry, remove, restore } = uploads;
  const { i18n } = useLingui();
  const kept = useKeptChatUploads(items, restore, deps.now, store);
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
        kind: item.kind,
        blobId: item.blobId,
      })),
      add,
      clear: kept.clear,
      list:
        items.length > 0 ? (
          // The orders' texts load on first use: the list waits for them, the chat does not.
          <Suspense fallback={null}>
            <OrderUploadList items={items} onRetry={retry} onRemove={remove} />
          </Suspense>
        ) : null,
      failures: uploadFailureTexts(items),
    }),
    [items, add, retry, remove, kept.clear],
  );
}

/**
 * Keeps the chat's files in the store and brings them back: read once per account, then written
 * whenever a file's state changes; the record goes once no file is left (the chat's clear: the files
 * joined the conversation, or the service was cancelled or started afresh).
 * @param items - the files now
 * @param restore - replaces the files (useOrderUploads' restore)
 * @param now - the clock (ms)
 * @param given - the store (IndexedDB by default)
 */
function useKeptChatUploads(
  items: StoredUpload[],
  restore: (items: StoredUpload[]) => void,
  now: () => number,
  given: ChatUploadStore | undefined,
): { clear: () => void } {
  const session = useSession();
  const accountId = session.userProfileId;
  const key = accountId === null ? null : chatUploadsKey(accountId);
  const store = useMemo(() => given ?? defaultDraftStore<StoredChatUploads>(), [given]);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const loadedFor = useRef<string | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const clock = useRef(now);
  clock.current = now;
  // Bumped by clear(): a record still being read when the chat forgets its files is not brought back.
  const clears = useRef(0);

  useEffect(() => {
    if (key === null) {
      return undefined;
    }
    let live = true;
    const clearsBefore = clears.current;
    void store
      .load(key)
      .catch(() => null)
      .then((record) => {
        if (!live) {
          return;
        }
        // No older than the conversation it belongs to (features/chat/utils/chat-memory.ts).
        const current = record !== null && clock.current() - record.savedAt <= CHAT_MEMORY_MAX_AGE_MS ? record : null;
        const files = current !== null && clears.current === clearsBefore ? resumedUploads(current.files) : [];
        const keptIds = new Set(files.map((file) => file.id));
        // Files picked while the record was read stay beside it; another account's never do.
        const carried = loadedFor.current === null ? itemsRef.current.filter((item) => !keptIds.has(item.id)) : [];
        restore([...files, ...carried]);
        loadedFor.current = key;
        setLoadedKey(key);
      });
    return () => {
      live = false;
    };
  }, [store, key, restore]);

  const fileSignature = items
    .map((item) => [item.id, item.status, item.blobId, item.documentId, item.attempts, item.prepared ? 1 : 0].join(':'))
    .join('|');
  useEffect(() => {
    if (key === null || loadedKey !== key) {
      return;
    }
    const files = itemsRef.current;
    // A phone that cannot store the files still uploads them; nothing to tell the patient here.
    const kept =
      files.length === 0 ? store.clear(key) : store.save(key, { version: 1, files, savedAt: clock.current() });
    kept.catch(() => undefined);
  }, [store, key, loadedKey, fileSignature]);

  const clear = useCallback(() => {
    clears.current += 1;
    restore([]);
  }, [restore]);
  return { clear };
}
