/**
 * What the chat needs of the orders feature to order medicine through the conversation (issue 12
 * §2; spec doc 1 §2 prescription upload, more-upload prompt, delivery mode and address, order
 * confirmation; doc 3 §4 Creation flow). The chat never imports that feature: app/ composes these
 * ports from its operations (the background uploads, createServiceRequest) and hands them in.
 */
import type { ReactNode } from 'react';
import type { CreatableOrderCategory, InitiatedFor, OrderAddress } from '@careline/domain/orders/plain';
import type { ChatOrganization } from './chat-consultations.ts';

/** The creation payload's parts the chat gathers (spec doc 3 §3 Creation payload contents). */
export type ChatOrderInput = {
  category: CreatableOrderCategory;
  patientId: string;
  patientGivenName: string;
  organizationId: string;
  initiatedFor: InitiatedFor;
  address: OrderAddress;
  documentReferenceIds: string[];
  /** A lab test's tests (diagnostic report codes). */
  diagnosticReport: string[];
  /** A lab test's requested sample collection time (ISO 8601 with offset). */
  sampleCollectionRequestedTime: string | null;
  /** A home visit's services (procedure codes). */
  procedureRequest: string[];
  /** A home visit's requested time (ISO 8601 with offset). */
  homeVisitRequestedTime: string | null;
};

/** An order's answer: its id, or the error's text (a 'CODE:message' already read). */
export type ChatOrderResult = { ok: true; orderId: string } | { ok: false; error: string };

/** The orders' operations the chat's order steps call. */
export type ChatOrders = {
  /** The tenant's hospitals; null when the query failed. */
  organizations: () => Promise<ChatOrganization[] | null>;
  /** Creates the order; the same key retries the same order (never a second one). */
  createOrder: (input: ChatOrderInput, idempotencyKey: string) => Promise<ChatOrderResult>;
  /** The address of an order's screen. */
  orderHref: (orderId: string) => string;
  /** Gets the order screen's texts ready, so its link opens it without waiting (best effort). */
  prepareOrderView: () => Promise<void>;
};

/** Where one picked file is: still on its way, a document, failed (Retry), or refused. */
export type ChatUploadState = 'working' | 'done' | 'failed' | 'refused';

/**
 * One picked file of the prescription upload. kind and blobId (the blob service's id, once sent) let
 * the stream show an image as an image and a PDF as a file (spec doc 1 §2); without them it names the file.
 */
export type ChatUploadItem = {
  id: string;
  name: string;
  state: ChatUploadState;
  documentId: string | null;
  /** A photo is shown as an image in the stream once uploaded; a PDF by its name (unset: by its name). */
  kind?: 'image' | 'pdf';
  /** The blob store's id once uploaded (the stream's image address). */
  blobId?: string | null;
};

/**
 * The prescription upload in progress: the files picked (compressed, uploaded and made documents in
 * the background by the orders feature), its list with progress, Retry and Remove, and its failure
 * notices ('Failed to upload some images, please retry!').
 */
export type ChatOrderUploads = {
  items: ChatUploadItem[];
  /** Adds picked files; answers how many were left out (over the limit). */
  add: (files: readonly File[]) => Promise<number>;
  /** Forgets every file (they are in the conversation once uploaded). */
  clear: () => void;
  /** The orders feature's list of the files, with progress, Retry and Remove. */
  list: ReactNode;
  /** The spec's failure notices for the files that failed. */
  failures: string[];
};

/**
 * The uploads that are done, once none is still on its way and none failed: the documents to add
 * to the order (spec doc 3 §5: not while an upload is in progress). Null while waiting.
 * @param items - the picked files
 */
export function finishedUploads(items: readonly ChatUploadItem[]): ChatUploadItem[] | null {
  if (items.some((item) => item.state === 'working' || item.state === 'failed')) {
    return null;
  }
  const done = items.filter((item) => item.state === 'done' && item.documentId !== null);
  return done.length > 0 ? done : null;
}
